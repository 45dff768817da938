#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_VERSION_COUNTER_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_VERSION_COUNTER_H_

#include <stdint.h>

/* Must match the declaration in cyautograd/_c.pxd.
 *
 * The version counter of c10::VariableVersion: one per storage "family"
 * (a tensor, its views and its detach()es share one). Every in-place op
 * bumps it once; SavedVariable remembers the value at save time.
 * Mutations happen under the GIL, so a plain increment is enough. */
typedef struct cya_version_counter {
    int64_t version;
} cya_version_counter_t;

static inline void cya_version_bump(cya_version_counter_t *vc) {
    vc->version += 1;
}

static inline int64_t cya_version_current(const cya_version_counter_t *vc) {
    return vc->version;
}

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_VERSION_COUNTER_H_ */
