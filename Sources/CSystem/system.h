/* The C library's functions and constants that Swift's Glibc module does not show. */
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
/* How much more than asked for a malloc heap grows by, and a thread's new heap starts with (mallopt's
   M_TOP_PAD); false where refused. */
static inline int outline_malloc_top_pad(int bytes) { return mallopt(M_TOP_PAD, bytes) == 1; }
#else
static inline int outline_malloc_top_pad(int bytes) { (void)bytes; return 0; }
#endif
