#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_GRAD_MODE_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_GRAD_MODE_H_

/* Must match the declaration in cyautograd/_c.pxd.
 * The thread-local autograd modes (GradMode and InferenceMode). One
 * instance per thread lives in cyautograd.grad_mode; other modules reach
 * it through that module's cimported functions, never by defining it. */
typedef struct cya_grad_mode {
    int grad_enabled;     /* GradMode::is_enabled() */
    int inference_mode;   /* InferenceMode::is_enabled() */
} cya_grad_mode_t;

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_GRAD_MODE_H_ */
