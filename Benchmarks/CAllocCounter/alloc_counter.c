#include "CAllocCounter.h"
#include <stddef.h>
#include <errno.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void __libc_free(void *);

static uint64_t allocations;  // the benchmark is single-threaded while it measures

uint64_t alloc_counter_allocations(void) { return __atomic_load_n(&allocations, __ATOMIC_RELAXED); }

static void count(void) { __atomic_fetch_add(&allocations, 1, __ATOMIC_RELAXED); }

void *malloc(size_t n) { count(); return __libc_malloc(n); }
void *calloc(size_t a, size_t b) { count(); return __libc_calloc(a, b); }
void *realloc(void *p, size_t n) { count(); return __libc_realloc(p, n); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
void *aligned_alloc(size_t align, size_t n) { count(); return __libc_memalign(align, n); }
int posix_memalign(void **out, size_t align, size_t n) {
    count();
    void *p = __libc_memalign(align, n);
    if (!p) return ENOMEM;
    *out = p;
    return 0;
}
