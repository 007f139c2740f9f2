/* Counts a program's heap allocations, loaded with LD_PRELOAD: malloc, calloc, realloc, memalign,
   aligned_alloc, posix_memalign, valloc and pvalloc are counted (calls, failed ones and realloc to
   size 0 included) and passed on to glibc's own (__libc_malloc...). A process the program starts
   inherits the counter and would write its own count over it: carousel starts none while measured.
   At exit the count is written, as a decimal number, to the file ALLOC_COUNT_FILE names.
   measure-output.py compiles it (gcc) to count the allocations of carousel's frames over a held
   key: the benchmarks' rigs count those of layout, paint and the writer, but not of the program
   around them (reading keys, first sights of cards, art prepared at sizes met for the first time). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

static unsigned long count;

void *malloc(size_t n) { __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED); return __libc_malloc(n); }
void *calloc(size_t k, size_t n) { __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED); return __libc_calloc(k, n); }
void *realloc(void *p, size_t n) { __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED); return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { __atomic_add_fetch(&count, 1, __ATOMIC_RELAXED); return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { return memalign(a, n); }
void *valloc(size_t n) { return memalign((size_t)sysconf(_SC_PAGESIZE), n); }
void *pvalloc(size_t n) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return memalign(page, (n + page - 1) / page * page);
}
int posix_memalign(void **out, size_t a, size_t n) {
    /* As glibc: the alignment a power of two multiple of the size of a pointer. */
    if (a % sizeof(void *) != 0 || (a & (a - 1)) != 0 || a == 0) return EINVAL;
    void *p = memalign(a, n);
    if (!p && n) return ENOMEM;
    *out = p;
    return 0;
}

__attribute__((destructor)) static void report(void) {
    const char *path = getenv("ALLOC_COUNT_FILE");
    if (!path) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) return;
    char text[32];
    int n = snprintf(text, sizeof text, "%lu\n", __atomic_load_n(&count, __ATOMIC_RELAXED));
    if (n > 0) (void)!write(fd, text, (size_t)n);
    close(fd);
}
