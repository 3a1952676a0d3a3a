#include <cmark.h>
#if defined(__linux__)
/* malloc_trim: hand cmark's freed tree back to the system before the output is built. */
#include <malloc.h>
#endif
