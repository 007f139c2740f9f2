/* Counts a program's heap allocations, loaded with LD_PRELOAD: malloc, calloc, realloc, memalign,
   aligned_alloc, posix_memalign, valloc and pvalloc are counted (calls, failed ones and realloc to
   size 0 included) and passed on to glibc's own (__libc_malloc...). A process the program starts
   inherits the counter and would append its own counts: carousel starts none while measured.
   The count is appended, as a decimal number and a newline, to the file ALLOC_COUNT_FILE names
   at exit and whenever the process receives SIGURG.
   measure-output.py compiles it (gcc) to count the allocations of carousel's frames over a held
   key: the benchmarks' rigs count those of layout, paint and the writer, but not of the program
   around them (reading keys, first sights of cards, art prepared at sizes met for the first time). */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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

/* Where the counts go (ALLOC_COUNT_FILE, copied at start: a signal handler may not call getenv). */
static char path[4096];

/* Appends the count, as a decimal number and a newline, to the file (async-signal-safe). */
static void append_count(void) {
    if (!path[0]) return;
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd < 0) return;
    char text[24];
    int n = sizeof text;
    text[--n] = '\n';
    unsigned long v = __atomic_load_n(&count, __ATOMIC_RELAXED);
    do { text[--n] = (char)('0' + v % 10); v /= 10; } while (v && n > 0);
    (void)!write(fd, text + n, sizeof text - (size_t)n);
    close(fd);
}

static void on_mark(int signal) {
    (void)signal;
    int saved = errno;
    append_count();
    errno = saved;
}

/* SIGURG appends the count so far (a measurement reads the allocations between two marks in one
   process); the count at exit is appended last. (SIGURG: ignored by default, so carousel, which
   handles every signal that ends a process to give the terminal back first, leaves it alone.) */
__attribute__((constructor)) static void start(void) {
    const char *given = getenv("ALLOC_COUNT_FILE");
    if (!given || strlen(given) >= sizeof path) return;
    strcpy(path, given);
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_mark;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(SIGURG, &action, NULL);
}

__attribute__((destructor)) static void report(void) { append_count(); }
