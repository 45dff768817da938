#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CREATION_META_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CREATION_META_H_

/* Must match the declaration in cyautograd/_c.pxd.
 * How a differentiable view was made (torch::autograd::CreationMeta). */
typedef enum cya_creation_meta {
    CYA_CREATION_META_DEFAULT = 0,
    CYA_CREATION_META_IN_CUSTOM_FUNCTION = 1,
    CYA_CREATION_META_MULTI_OUTPUT_NODE = 2,
    CYA_CREATION_META_NO_GRAD_MODE = 3,
    CYA_CREATION_META_INFERENCE_MODE = 4
} cya_creation_meta_t;

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CREATION_META_H_ */
