#include <cmark.h>

/* The calling thread's parse arena (ParseArena in CommonMark.swift). cmark's allocator callbacks get
   no context; a C thread-local is one load, where pthread_getspecific is a call and Swift adds a
   lazy-global check and reference counting around it (measured: 5% of a docs-tree check). */
static inline void **outline_parse_arena_slot(void) {
  static __thread void *arena; /* a function's own static: emitted with it into the Swift module */
  return &arena;
}
static inline void *outline_parse_arena_get(void) { return *outline_parse_arena_slot(); }
static inline void outline_parse_arena_set(void *arena) { *outline_parse_arena_slot() = arena; }
