#include <cmark.h>
#if defined(__linux__)
#include <sys/mman.h>
#ifndef MREMAP_MAYMOVE /* glibc declares mremap only for _GNU_SOURCE, which may come too late here */
#define MREMAP_MAYMOVE 1
extern void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);
#endif
/* mremap(2) is variadic, which Swift cannot call: a block of the parse arena that has a mapping of its
   own grows by moving its pages, not by copying them (NULL when it cannot). */
static inline void *outline_mremap(void *old, size_t old_size, size_t new_size) {
  void *moved = mremap(old, old_size, new_size, MREMAP_MAYMOVE);
  return moved == MAP_FAILED ? (void *)0 : moved;
}
#endif

/* The calling thread's parse arena (ParseArena in CommonMark.swift). cmark's allocator callbacks get
   no context; a C thread-local is one load, where pthread_getspecific is a call and Swift adds a
   lazy-global check and reference counting around it, on every one of cmark's allocations. */
static inline void **outline_parse_arena_slot(void) {
  static __thread void *arena; /* a function's own static: emitted with it into the Swift module */
  return &arena;
}
static inline void *outline_parse_arena_get(void) { return *outline_parse_arena_slot(); }
static inline void outline_parse_arena_set(void *arena) { *outline_parse_arena_slot() = arena; }
