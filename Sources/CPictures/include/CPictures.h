/* CPictures: decode a picture once (gdk-pixbuf, halved at load) and turn it into character
 * cells with libchafa at any size and colour depth.
 *
 * This header is the whole public surface; it includes only <stdint.h> and <stddef.h>.
 * Only cpictures.c sees glib, gdk-pixbuf and chafa.
 *
 * Libraries: gdk-pixbuf and libchafa (with GLib) are not linked. The first function that needs
 * them (cp_load, cp_load_memory, cp_check past the signature, cp_supported_formats, cp_scaled,
 * cp_render) loads them with dlopen, once for the process. When they cannot be loaded, loads
 * and checks fail with CP_ERR_UNSUPPORTED and "cannot load the picture libraries: <why>",
 * cp_supported_formats returns "", and cp_scaled and cp_render fail as for bad arguments
 * (which cannot happen to an image cp_load made). For tests,
 * CAROUSEL_PICTURES_TEST_MISSING_LIBRARY=1 (read at that first use) makes loading fail so.
 *
 * Logging: loading the libraries replaces GLib's default log handler with one that
 * drops warnings and criticals (gdk-pixbuf prints them for damaged files, and stderr is the
 * carousel's screen); CAROUSEL_PICTURES_DEBUG=1 keeps them.
 *
 * Threads: every function may be called from any thread. A cp_image is immutable after
 * cp_load returns, so several threads may render the same image at once; cp_free must not
 * race with a render of the same image. */
#ifndef CPICTURES_H
#define CPICTURES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cp_image cp_image;

/* Why a load failed (the message says it in words). */
typedef enum cp_status {
    CP_OK = 0,
    CP_ERR_OPEN = 1,        /* the file cannot be opened or read */
    CP_ERR_UNSUPPORTED = 2, /* not a picture, or a format this build does not decode */
    CP_ERR_CORRUPT = 3,     /* a known format, but the data is damaged or truncated */
    CP_ERR_TOO_LARGE = 4,   /* over CP_MAX_DECODE_PIXELS or CP_MAX_FILE_BYTES */
    CP_ERR_MEMORY = 5,      /* out of memory */
    CP_ERR_ARGUMENT = 6     /* bad argument (NULL path, max size < 1, ...) */
} cp_status;

/* A picture is refused when the decoder would need more than this many pixels (about
 * 256 MiB of RGBA). All formats but JPEG decode at full size; JPEG decodes at 1/2, 1/4 or 1/8
 * of its size when the maximum asked allows it, so an 8000 x 8000 photo shown small costs
 * 1000 x 1000. The check runs on the header, before anything is allocated. */
#define CP_MAX_DECODE_PIXELS (8192 * 8192)

/* Files longer than this are not read to the end (GIF and TIFF loaders keep all the data). */
#define CP_MAX_FILE_BYTES ((uint64_t)512 << 20)

/* Decode PATH, the first frame of an animation, EXIF orientation applied, as 8-bit RGBA (not
 * premultiplied), at the level cp_level gives for max_width x max_height: the picture halved
 * as many times as still leaves it pixels enough to fit there (aspect kept); a picture smaller
 * than that is decoded whole. JPEG's decoder makes the first three halvings itself; the rest are
 * made by cp_halved's own steps. Accepted formats: PNG, JPEG, GIF, WebP (when the gdk-pixbuf
 * WebP loader is installed), BMP, TIFF.
 * On failure returns NULL, stores the reason in *status (if not NULL) and a one-line
 * message without the path in error[error_size] (if not NULL; always NUL-terminated). */
cp_image *cp_load(const char *path, int max_width, int max_height,
                  cp_status *status, char *error, size_t error_size);

/* The same for a picture already in memory (the bytes are not kept). */
cp_image *cp_load_memory(const void *bytes, size_t length, int max_width, int max_height,
                         cp_status *status, char *error, size_t error_size);

void cp_free(cp_image *image);

/* Whether the first bytes of a file (n of them, a few hundred are plenty) begin a picture this
 * build can decode: the signature of an accepted format, a plausible header, a decoder
 * installed. Reads no file and decodes nothing (what a deck checks when it opens). Returns the
 * format name ("png", ...) or NULL with *status and error[] set as cp_load sets them. */
const char *cp_check(const void *head, size_t n, cp_status *status, char *error, size_t error_size);

/* A copy of IMAGE scaled to fit within max_width x max_height (aspect kept, at least 1x1,
 * never larger): drawn at the original's size in cells, it looks out of focus. Each pixel is
 * wholly opaque (a quarter covered or more) or wholly transparent. NULL when out of memory or
 * for bad arguments. */
cp_image *cp_scaled(const cp_image *image, int max_width, int max_height);

/* The level for a picture of width x height (as stored or as shown: the same) drawn within
 * max_width x max_height pixels: the most times it can be halved (each side rounded up) and
 * still hold its fit there in either orientation. The pixels a conversion starts from depend
 * on the file and the level alone, never on what was loaded before. */
int cp_level(int width, int height, int max_width, int max_height);

/* IMAGE halved TIMES times (1 or more), one level at a time, each pixel the alpha-weighted mean
 * of a 2 x 2 square: the same pixels cp_load gives for that level whenever cp_can_halve_to says
 * so. NULL when out of memory or for bad arguments. */
cp_image *cp_halved(const cp_image *image, int times);

/* Whether halving IMAGE makes exactly the pixels cp_load gives at LEVEL (a smaller level of
 * the same file, past what the format's decoder makes itself). */
int cp_can_halve_to(const cp_image *image, int level);

int cp_image_width(const cp_image *image);
int cp_image_height(const cp_image *image);
/* width * height * 4 bytes, rows top to bottom, no padding. */
const uint8_t *cp_image_pixels(const cp_image *image);
/* Size of the picture in the file (before scaling at load). */
int cp_image_original_width(const cp_image *image);
int cp_image_original_height(const cp_image *image);
/* Its level (see cp_level). */
int cp_image_level(const cp_image *image);
/* "png", "jpeg", "gif", "webp", "bmp" or "tiff". */
const char *cp_image_format(const cp_image *image);

/* Which of the accepted formats this machine can decode, as a comma-separated list,
 * e.g. "png,jpeg,gif,bmp,tiff" (webp only with its loader). Static storage. */
const char *cp_supported_formats(void);

/* Colour depths for cp_render. */
enum {
    CP_DEPTH_NONE = 0,      /* no colour: brightness as glyph density, default colours */
    CP_DEPTH_8 = 8,         /* ANSI colours 0-7 */
    CP_DEPTH_16 = 16,       /* ANSI colours 0-15 */
    CP_DEPTH_256 = 256,     /* xterm colours 16-255 (the 6x6x6 cube and the greys) */
    CP_DEPTH_TRUECOLOR = 24 /* 24-bit RGB */
};

/* Render flags. */
enum {
    CP_RENDER_ASCII = 1 << 0,            /* 7-bit ASCII symbols only */
    CP_RENDER_LIGHT_BACKGROUND = 1 << 1, /* depth 0: the terminal is dark-on-light */
    CP_RENDER_SMOOTH = 1 << 2            /* enlarge smoothly (a blurred picture), never pixel by pixel */
};

/* Cell flags. */
enum {
    CP_CELL_FG_DEFAULT = 1 << 0, /* use the terminal's default foreground; fg_rgb is 0 */
    CP_CELL_BG_DEFAULT = 1 << 1, /* use the terminal's default background; bg_rgb is 0 */
    CP_CELL_PICTURE = 1 << 2     /* inside the picture (not letterbox padding) */
};

typedef struct cp_cell {
    uint32_t codepoint; /* never 0, never wide, 7-bit with CP_RENDER_ASCII */
    uint32_t fg_rgb;    /* 0x00RRGGBB; for indexed depths the RGB of the entry chafa matched
                         * (at CP_DEPTH_8 among 16, before the index is taken into 0-7) */
    uint32_t bg_rgb;
    int16_t fg_index;   /* indexed depths: the palette index chafa chose (0-255), else -1 */
    int16_t bg_index;
    uint8_t flags;      /* CP_CELL_* */
} cp_cell;

typedef struct cp_rect {
    int x, y, width, height;
} cp_rect;

/* Fill out[cols * rows] (row-major) with the picture as character cells, the picture as
 * large as fits in cols x rows cells while keeping its aspect (cells taken as twice as tall
 * as wide), centred, the rest padding cells (space, default colours). *used (if not NULL)
 * is the picture's part. Returns 0, or -1 for bad arguments (out is then untouched). */
int cp_render(const cp_image *image, int cols, int rows, int depth, unsigned flags,
              cp_cell *out, cp_rect *used);

/* The size in cells the picture takes inside cols x rows (what cp_render's *used gets). */
cp_rect cp_fit(const cp_image *image, int cols, int rows);

/* Keeps the C library's heap from holding what decoding threads freed: at most two arenas
 * (glibc made one per short-lived thread, each keeping its freed pages), and blocks of 256 KB
 * and more (pixels, cells) mapped and unmapped, never kept (glibc raises that threshold each
 * time such a block is freed, and then kept whole pictures' worth in its heaps). Call before
 * any thread starts. */
void cp_tune_heap(void);

#ifdef __cplusplus
}
#endif

#endif
