/* libFuzzer target for the picture path (see Fuzz/README.md; built and run by Fuzz/run-pictures.sh).
 *
 * Any bytes go through what the carousel does with a picture file: cp_check on the first 512
 * bytes (what a deck checks when it opens), cp_load_memory with a modest maximum size, and,
 * when that decodes, cp_render at two sizes and two colour depths and cp_scaled (the blur step).
 * Nothing may crash, hang, leak in cpictures.c or trip AddressSanitizer, and the results must
 * keep the header's promises (checked below; a broken promise aborts, which libFuzzer reports).
 *
 * Only this file and cpictures.c are instrumented: gdk-pixbuf, its loaders and chafa are the
 * system's builds, so coverage guidance stops at their boundary and ASan does not see inside them. */
#include "CPictures.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIDE 256

static void fail(const char *what) {
    fprintf(stderr, "picture_fuzzer: %s\n", what);
    abort();
}

static void check_message(const char *error, size_t size) {
    size_t n = strnlen(error, size);
    if (n == size) fail("error message not NUL-terminated");
    for (size_t i = 0; i < n; i++)
        if (error[i] == '\n' || error[i] == '\r' || error[i] == '\t') fail("error message is not one line");
}

static void render(const cp_image *image, int cols, int rows, int depth, unsigned flags) {
    cp_cell *cells = malloc(sizeof(cp_cell) * (size_t)cols * rows);
    if (!cells) return;
    cp_rect used;
    if (cp_render(image, cols, rows, depth, flags, cells, &used) != 0) fail("cp_render refused good arguments");
    if (used.x < 0 || used.y < 0 || used.width < 1 || used.height < 1 || used.x + used.width > cols ||
        used.y + used.height > rows)
        fail("cp_render's rectangle is outside the cells");
    cp_rect fit = cp_fit(image, cols, rows);
    if (memcmp(&fit, &used, sizeof fit) != 0) fail("cp_fit disagrees with cp_render");
    for (int i = 0; i < cols * rows; i++) {
        const cp_cell *c = &cells[i];
        if (c->codepoint == 0) fail("a cell holds NUL");
        if ((flags & CP_RENDER_ASCII) && (c->codepoint < 0x20 || c->codepoint > 0x7e)) fail("non-ASCII cell");
        int x = i % cols, y = i / cols;
        int inside = x >= used.x && x < used.x + used.width && y >= used.y && y < used.y + used.height;
        if (inside != ((c->flags & CP_CELL_PICTURE) != 0)) fail("CP_CELL_PICTURE outside the picture");
        if ((c->fg_rgb | c->bg_rgb) > 0xffffff) fail("colour out of range");
    }
    free(cells);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    cp_status status = CP_OK;
    char error[256];

    memset(error, 'x', sizeof error);
    const char *format = cp_check(data, size < 512 ? size : 512, &status, error, sizeof error);
    if (format ? status != CP_OK : status == CP_OK) fail("cp_check's status and answer disagree");
    if (!format) check_message(error, sizeof error);

    memset(error, 'x', sizeof error);
    cp_image *image = cp_load_memory(data, size, MAX_SIDE, MAX_SIDE, &status, error, sizeof error);
    if (!image) {
        if (status == CP_OK) fail("cp_load_memory failed with CP_OK");
        check_message(error, sizeof error);
        return 0;
    }
    if (status != CP_OK) fail("cp_load_memory succeeded without CP_OK");
    int w = cp_image_width(image), h = cp_image_height(image);
    if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) fail("decoded size outside the maximum");
    if (cp_image_original_width(image) < 1 || cp_image_original_height(image) < 1) fail("no original size");
    const uint8_t *pixels = cp_image_pixels(image);
    unsigned sum = 0; /* touch every byte, so ASan sees a short buffer */
    for (size_t i = 0; i < (size_t)w * h * 4; i++) sum += pixels[i];
    (void)sum;

    /* Two sizes, two depths; the flags vary with the input so ASCII and light backgrounds get
     * their turn. */
    unsigned flags = (unsigned)(size & 3);
    render(image, 12, 6, CP_DEPTH_TRUECOLOR, flags);
    render(image, 40, 20, size & 4 ? CP_DEPTH_256 : CP_DEPTH_NONE, flags);

    cp_image *blurred = cp_scaled(image, (w + 3) / 4, (h + 3) / 4);
    if (blurred) {
        if (cp_image_width(blurred) > w || cp_image_height(blurred) > h) fail("cp_scaled enlarged");
        render(blurred, 12, 6, CP_DEPTH_16, flags);
        cp_free(blurred);
    }
    cp_free(image);
    return 0;
}
