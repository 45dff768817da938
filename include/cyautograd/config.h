#ifndef CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CONFIG_H_
#define CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CONFIG_H_

/* Debug-only invariant checks: code tests `if CYA_DEBUG:` and the compiler
 * drops the dead branches. The build defines CYA_DEBUG=1 when
 * CYAUTOGRAD_DEBUG=1 is set. */
#ifndef CYA_DEBUG
#define CYA_DEBUG 0
#endif

/* Bumped whenever a struct or enum in these headers changes layout. */
#define CYA_ABI_VERSION 1

#if defined(_MSC_VER)
#define CYA_THREAD_LOCAL __declspec(thread)
#else
#define CYA_THREAD_LOCAL _Thread_local
#endif

#endif /* CYAUTOGRAD_INCLUDE_CYAUTOGRAD_CONFIG_H_ */
