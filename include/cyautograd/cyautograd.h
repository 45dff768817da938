#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CYAUTOGRAD_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CYAUTOGRAD_H_

/* Umbrella header: every plain-C part of cyautograd. */
#include "cyautograd/config.h"
#include "cyautograd/version_counter.h"
#include "cyautograd/creation_meta.h"
#include "cyautograd/autograd_meta.h"
#include "cyautograd/grad_mode.h"

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CYAUTOGRAD_H_ */
