/* The least a 60 fps terminal program costs on this machine: a loop that does no work of its own,
   only what every frame of carousel's does around its drawing. Each frame it sleeps until the next
   1/60 s in ppoll (waiting on standard input, as carousel waits for keys) and writes BYTES bytes to
   the terminal in one write(2). The terminal is set as ncurses sets it (no echo, no canonical
   input, output post-processing kept without the newline mapping).

   usage: frame-floor FRAMES BYTES RESULT-FILE
   Writes the process's CPU time (user + system, getrusage) per frame, in microseconds, to
   RESULT-FILE. measure-output.py builds it with gcc and runs it in a drained pseudo-terminal
   beside the held key's table: the part of carousel's CPU per frame that is the machine's. */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

static double cpu_us(void) {
    struct rusage r;
    getrusage(RUSAGE_SELF, &r);
    return (r.ru_utime.tv_sec + r.ru_stime.tv_sec) * 1e6 + r.ru_utime.tv_usec + r.ru_stime.tv_usec;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: frame-floor FRAMES BYTES RESULT-FILE\n");
        return 2;
    }
    int frames = atoi(argv[1]), bytes = atoi(argv[2]);
    struct termios t;
    if (tcgetattr(0, &t) == 0) {
        t.c_lflag &= ~(ICANON | ECHO);
        t.c_oflag &= ~ONLCR;
        tcsetattr(0, TCSANOW, &t);
    }
    /* A screenful of text: rows of letters, each row begun with a carriage return. */
    char *frame = malloc(bytes > 0 ? bytes : 1);
    for (int i = 0; i < bytes; i++) frame[i] = i % 100 == 0 ? '\r' : 'a' + i % 26;
    const long long period = 1000000000LL / 60;
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    long long due = now.tv_sec * 1000000000LL + now.tv_nsec;
    double start = cpu_us();
    for (int i = 0; i < frames; i++) {
        /* Until the next frame is due (frames every 1/60 s, whatever each took). */
        due += period;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long wait = due - (now.tv_sec * 1000000000LL + now.tv_nsec);
        if (wait > 0) {
            struct timespec timeout = { wait / 1000000000LL, wait % 1000000000LL };
            struct pollfd keys = { .fd = 0, .events = POLLIN };
            if (ppoll(&keys, 1, &timeout, NULL) > 0) {
                /* A key: read and dropped (unread, it would wake every wait at once). */
                char discard[64];
                if (read(0, discard, sizeof discard) <= 0) return 1;
            }
        }
        if (bytes > 0 && write(1, frame, bytes) < 0) return 1;
    }
    double per_frame = (cpu_us() - start) / frames;
    FILE *out = fopen(argv[3], "w");
    if (!out) return 1;
    fprintf(out, "%.1f\n", per_frame);
    fclose(out);
    return 0;
}
