// Counts heap allocations in the benchmark process. The benchmark executable defines malloc and friends
// (glibc lets a program interpose them) and forwards to glibc's own __libc_* entry points.
#ifndef EDGESWIPE_CALLOCCOUNTER_H
#define EDGESWIPE_CALLOCCOUNTER_H
#include <stdint.h>
uint64_t alloc_counter_allocations(void);
#endif
