#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_AUTOGRAD_META_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_AUTOGRAD_META_H_

#include <stdint.h>
#include "cyautograd/creation_meta.h"

/* Must match the declaration in cyautograd/_c.pxd.
 * The plain-data fields of torch::autograd::AutogradMeta; the object
 * fields (grad_, grad_fn_, hooks) live on the AutogradMeta extension type. */
typedef struct cya_autograd_meta {
    int requires_grad;   /* requires_grad_: only meaningful on leaves */
    int retains_grad;    /* retains_grad_: retain_grad() was called */
    int is_view;         /* is_view_: the meta is a DifferentiableViewMeta */
    int64_t output_nr;   /* output_nr_: which output of grad_fn_ this is */
} cya_autograd_meta_t;

/* The plain-data fields of torch::autograd::DifferentiableViewMeta. */
typedef struct cya_view_meta {
    int shared_view_info;             /* forward and backward views agree */
    int64_t attr_version;             /* version when grad_fn_ was last set */
    cya_creation_meta_t creation_meta;
} cya_view_meta_t;

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_AUTOGRAD_META_H_ */
