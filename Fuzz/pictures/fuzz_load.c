/* libFuzzer entry point: any bytes into cp_load_memory (and, when they decode, cp_render)
 * must never crash, hang or trip AddressSanitizer.
 *
 *   clang -g -O1 -fsanitize=fuzzer,address -I../../Sources/CPictures/include fuzz_load.c \
 *     ../../Sources/CPictures/cpictures.c $(pkg-config --cflags --libs chafa gdk-pixbuf-2.0) -o fuzz_load
 *   mkdir -p /tmp/corpus && cp seeds/* regressions/* /tmp/corpus/
 *   ./fuzz_load -max_total_time=180 -timeout=10 -max_len=65536 -malloc_limit_mb=1024 \
 *     -rss_limit_mb=4096 /tmp/corpus/
 *
 * regressions/ holds inputs earlier runs stopped on (see Docs/pictures.md); they must run clean.
 *
 * Only cpictures.c is instrumented: gdk-pixbuf, its codecs and chafa are the system's builds,
 * so coverage guidance stops at their boundary and ASan does not see inside them. */
#include "CPictures.h"
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cp_status status;
    char error[256];
    cp_image *image = cp_load_memory(data, size, 64, 64, &status, error, sizeof error);
    if (image) {
        static const int depths[] = {0, 8, 16, 256, 24};
        int depth = depths[size % 5];
        cp_cell cells[12 * 6];
        cp_rect used;
        cp_render(image, 12, 6, depth, (unsigned)(size & 3), cells, &used);
        cp_free(image);
    }
    return 0;
}
