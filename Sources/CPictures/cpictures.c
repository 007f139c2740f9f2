/* CPictures: gdk-pixbuf decodes, libchafa turns pixels into character cells.
 * See include/CPictures.h for the contract. */
#include "CPictures.h"

#include <chafa.h>
#include <dlfcn.h>
#include <errno.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <malloc.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct cp_image {
    int width, height;
    int original_width, original_height;
    int level;       /* the picture halved this many times (see cp_level) */
    char format[8];
    uint8_t *pixels; /* width * height * 4 */
};

/* ---------------------------------------------------------------- the libraries */

/* gdk-pixbuf and libchafa, with GLib, GObject, GIO and the image and system libraries beneath
 * them, cost about 2.3 MB of resident memory and part of the start-up when the program loads
 * them, and most decks hold no picture. So they are not linked (only their headers are used):
 * the first cp_* function that needs them opens them with dlopen and looks up every function
 * this file calls with dlsym, once for the process (pthread_once: any thread may be first).
 * The calls below go through the table `api`, by the #defines after it, so they read as
 * plain calls. When the libraries cannot be loaded, every cp_* function that needs them
 * fails as for a missing decoder (CP_ERR_UNSUPPORTED, "cannot load the picture libraries:
 * ...").
 *
 * Every gdk-pixbuf, GObject, GLib and chafa function this file calls must be in this list.
 * One left out would be linked directly and, as the link drops only unused libraries
 * (--as-needed, see Package.swift), bring its library back at start without a word: `nm -u`
 * of the object must name none of them, and LibraryLoadingTests checks that none is loaded
 * before the first picture. GLib's inline header helpers (GString's in newer GLib) call the
 * library directly, so they are not used. */
#define GDK_PIXBUF_LIBRARY "libgdk_pixbuf-2.0.so.0" /* Debian's libgdk-pixbuf-2.0-0 */
#define CHAFA_LIBRARY "libchafa.so.0"               /* Debian's libchafa0 */

/* X(library, function): looked up in gdk-pixbuf's handle (whose dependencies GLib and
 * GObject are, so dlsym finds theirs there too) or in chafa's. */
#define LIBRARY_FUNCTIONS(X)                                         \
    X(pixbuf, g_clear_error)                                         \
    X(pixbuf, g_file_error_from_errno)                               \
    X(pixbuf, g_file_error_quark)                                    \
    X(pixbuf, g_free)                                                \
    X(pixbuf, g_log_default_handler)                                 \
    X(pixbuf, g_log_set_default_handler)                             \
    X(pixbuf, g_malloc)                                              \
    X(pixbuf, g_once_impl)                                           \
    X(pixbuf, g_set_error)                                           \
    X(pixbuf, g_slist_free)                                          \
    X(pixbuf, g_strerror)                                            \
    X(pixbuf, g_strfreev)                                            \
    X(pixbuf, g_strlcat)                                             \
    X(pixbuf, g_strlcpy)                                             \
    X(pixbuf, g_strsplit)                                            \
    X(pixbuf, g_object_ref)                                          \
    X(pixbuf, g_object_unref)                                        \
    X(pixbuf, g_signal_connect_data)                                 \
    X(pixbuf, gdk_pixbuf_animation_get_iter)                         \
    X(pixbuf, gdk_pixbuf_animation_is_static_image)                  \
    X(pixbuf, gdk_pixbuf_animation_iter_on_currently_loading_frame)  \
    X(pixbuf, gdk_pixbuf_apply_embedded_orientation)                 \
    X(pixbuf, gdk_pixbuf_error_quark)                                \
    X(pixbuf, gdk_pixbuf_fill)                                       \
    X(pixbuf, gdk_pixbuf_format_get_name)                            \
    X(pixbuf, gdk_pixbuf_format_is_disabled)                         \
    X(pixbuf, gdk_pixbuf_get_bits_per_sample)                        \
    X(pixbuf, gdk_pixbuf_get_formats)                                \
    X(pixbuf, gdk_pixbuf_get_height)                                 \
    X(pixbuf, gdk_pixbuf_get_n_channels)                             \
    X(pixbuf, gdk_pixbuf_get_option)                                 \
    X(pixbuf, gdk_pixbuf_get_rowstride)                              \
    X(pixbuf, gdk_pixbuf_get_width)                                  \
    X(pixbuf, gdk_pixbuf_loader_close)                               \
    X(pixbuf, gdk_pixbuf_loader_get_animation)                       \
    X(pixbuf, gdk_pixbuf_loader_get_format)                          \
    X(pixbuf, gdk_pixbuf_loader_get_pixbuf)                          \
    X(pixbuf, gdk_pixbuf_loader_new_with_type)                       \
    X(pixbuf, gdk_pixbuf_loader_set_size)                            \
    X(pixbuf, gdk_pixbuf_loader_write)                               \
    X(pixbuf, gdk_pixbuf_new_from_data)                              \
    X(pixbuf, gdk_pixbuf_read_pixels)                                \
    X(pixbuf, gdk_pixbuf_scale_simple)                               \
    X(chafa, chafa_canvas_config_new)                                \
    X(chafa, chafa_canvas_config_set_bg_color)                       \
    X(chafa, chafa_canvas_config_set_canvas_mode)                    \
    X(chafa, chafa_canvas_config_set_cell_geometry)                  \
    X(chafa, chafa_canvas_config_set_color_space)                    \
    X(chafa, chafa_canvas_config_set_fg_color)                       \
    X(chafa, chafa_canvas_config_set_fill_symbol_map)                \
    X(chafa, chafa_canvas_config_set_geometry)                       \
    X(chafa, chafa_canvas_config_set_preprocessing_enabled)          \
    X(chafa, chafa_canvas_config_set_symbol_map)                     \
    X(chafa, chafa_canvas_config_unref)                              \
    X(chafa, chafa_canvas_draw_all_pixels)                           \
    X(chafa, chafa_canvas_get_char_at)                               \
    X(chafa, chafa_canvas_get_colors_at)                             \
    X(chafa, chafa_canvas_get_raw_colors_at)                         \
    X(chafa, chafa_canvas_new)                                       \
    X(chafa, chafa_canvas_unref)                                     \
    X(chafa, chafa_symbol_map_add_by_tags)                           \
    X(chafa, chafa_symbol_map_new)                                   \
    X(chafa, chafa_symbol_map_remove_by_tags)                        \
    X(chafa, chafa_symbol_map_unref)

/* Written once, inside pthread_once, and only read after it. */
static struct {
#define DECLARE(library, function) __typeof__(function) *function;
    LIBRARY_FUNCTIONS(DECLARE)
#undef DECLARE
} api;

static pthread_once_t libraries_once = PTHREAD_ONCE_INIT;
static gboolean libraries_loaded;
static char libraries_error[256]; /* why they could not be loaded (dlerror's words) */

static void install_quiet_log(void);

static void keep_dlerror(void) {
    const char *why = dlerror();
    snprintf(libraries_error, sizeof libraries_error, "%s", why ? why : "unknown error");
}

/* The handles stay open for the life of the process (a failed load leaves what it opened). */
static void load_libraries(void) {
    /* For tests: CAROUSEL_PICTURES_TEST_MISSING_LIBRARY=1 makes gdk-pixbuf's name one that no
     * library has, so that loading fails as on a machine without it (LibraryLoadingTests). */
    const char *missing = getenv("CAROUSEL_PICTURES_TEST_MISSING_LIBRARY");
    const char *pixbuf_name = missing && *missing ? "libcarousel-test-missing.so.0" : GDK_PIXBUF_LIBRARY;
    void *pixbuf = dlopen(pixbuf_name, RTLD_NOW | RTLD_LOCAL);
    void *chafa = pixbuf ? dlopen(CHAFA_LIBRARY, RTLD_NOW | RTLD_LOCAL) : NULL;
    if (!chafa) {
        keep_dlerror();
        return;
    }
    /* A function pointer from dlsym's void * (POSIX guarantees the conversion). */
#define RESOLVE(library, function)                                           \
    if (!(*(void **)&api.function = dlsym(library, #function))) {             \
        keep_dlerror();                                                       \
        return;                                                               \
    }
    LIBRARY_FUNCTIONS(RESOLVE)
#undef RESOLVE
    libraries_loaded = TRUE;
    install_quiet_log();
}

/* From here on every call of a library function goes through the table. (GObject's header
 * makes g_object_ref a typed macro, undone here; a macro some other GLib makes of one of
 * these would only draw a "macro redefined" warning, this definition winning.) */
#undef g_object_ref
#define g_clear_error (api.g_clear_error)
#define g_file_error_from_errno (api.g_file_error_from_errno)
#define g_file_error_quark (api.g_file_error_quark)
#define g_free (api.g_free)
#define g_log_default_handler (api.g_log_default_handler)
#define g_log_set_default_handler (api.g_log_set_default_handler)
#define g_malloc (api.g_malloc)
#define g_once_impl (api.g_once_impl)
#define g_set_error (api.g_set_error)
#define g_slist_free (api.g_slist_free)
#define g_strerror (api.g_strerror)
#define g_strfreev (api.g_strfreev)
#define g_strlcat (api.g_strlcat)
#define g_strlcpy (api.g_strlcpy)
#define g_strsplit (api.g_strsplit)
#define g_object_ref (api.g_object_ref)
#define g_object_unref (api.g_object_unref)
#define g_signal_connect_data (api.g_signal_connect_data)
#define gdk_pixbuf_animation_get_iter (api.gdk_pixbuf_animation_get_iter)
#define gdk_pixbuf_animation_is_static_image (api.gdk_pixbuf_animation_is_static_image)
#define gdk_pixbuf_animation_iter_on_currently_loading_frame (api.gdk_pixbuf_animation_iter_on_currently_loading_frame)
#define gdk_pixbuf_apply_embedded_orientation (api.gdk_pixbuf_apply_embedded_orientation)
#define gdk_pixbuf_error_quark (api.gdk_pixbuf_error_quark)
#define gdk_pixbuf_fill (api.gdk_pixbuf_fill)
#define gdk_pixbuf_format_get_name (api.gdk_pixbuf_format_get_name)
#define gdk_pixbuf_format_is_disabled (api.gdk_pixbuf_format_is_disabled)
#define gdk_pixbuf_get_bits_per_sample (api.gdk_pixbuf_get_bits_per_sample)
#define gdk_pixbuf_get_formats (api.gdk_pixbuf_get_formats)
#define gdk_pixbuf_get_height (api.gdk_pixbuf_get_height)
#define gdk_pixbuf_get_n_channels (api.gdk_pixbuf_get_n_channels)
#define gdk_pixbuf_get_option (api.gdk_pixbuf_get_option)
#define gdk_pixbuf_get_rowstride (api.gdk_pixbuf_get_rowstride)
#define gdk_pixbuf_get_width (api.gdk_pixbuf_get_width)
#define gdk_pixbuf_loader_close (api.gdk_pixbuf_loader_close)
#define gdk_pixbuf_loader_get_animation (api.gdk_pixbuf_loader_get_animation)
#define gdk_pixbuf_loader_get_format (api.gdk_pixbuf_loader_get_format)
#define gdk_pixbuf_loader_get_pixbuf (api.gdk_pixbuf_loader_get_pixbuf)
#define gdk_pixbuf_loader_new_with_type (api.gdk_pixbuf_loader_new_with_type)
#define gdk_pixbuf_loader_set_size (api.gdk_pixbuf_loader_set_size)
#define gdk_pixbuf_loader_write (api.gdk_pixbuf_loader_write)
#define gdk_pixbuf_new_from_data (api.gdk_pixbuf_new_from_data)
#define gdk_pixbuf_read_pixels (api.gdk_pixbuf_read_pixels)
#define gdk_pixbuf_scale_simple (api.gdk_pixbuf_scale_simple)
#define chafa_canvas_config_new (api.chafa_canvas_config_new)
#define chafa_canvas_config_set_bg_color (api.chafa_canvas_config_set_bg_color)
#define chafa_canvas_config_set_canvas_mode (api.chafa_canvas_config_set_canvas_mode)
#define chafa_canvas_config_set_cell_geometry (api.chafa_canvas_config_set_cell_geometry)
#define chafa_canvas_config_set_color_space (api.chafa_canvas_config_set_color_space)
#define chafa_canvas_config_set_fg_color (api.chafa_canvas_config_set_fg_color)
#define chafa_canvas_config_set_fill_symbol_map (api.chafa_canvas_config_set_fill_symbol_map)
#define chafa_canvas_config_set_geometry (api.chafa_canvas_config_set_geometry)
#define chafa_canvas_config_set_preprocessing_enabled (api.chafa_canvas_config_set_preprocessing_enabled)
#define chafa_canvas_config_set_symbol_map (api.chafa_canvas_config_set_symbol_map)
#define chafa_canvas_config_unref (api.chafa_canvas_config_unref)
#define chafa_canvas_draw_all_pixels (api.chafa_canvas_draw_all_pixels)
#define chafa_canvas_get_char_at (api.chafa_canvas_get_char_at)
#define chafa_canvas_get_colors_at (api.chafa_canvas_get_colors_at)
#define chafa_canvas_get_raw_colors_at (api.chafa_canvas_get_raw_colors_at)
#define chafa_canvas_new (api.chafa_canvas_new)
#define chafa_canvas_unref (api.chafa_canvas_unref)
#define chafa_symbol_map_add_by_tags (api.chafa_symbol_map_add_by_tags)
#define chafa_symbol_map_new (api.chafa_symbol_map_new)
#define chafa_symbol_map_remove_by_tags (api.chafa_symbol_map_remove_by_tags)
#define chafa_symbol_map_unref (api.chafa_symbol_map_unref)

/* ---------------------------------------------------------------- errors */

static void set_error(cp_status *status, char *error, size_t error_size, cp_status code,
                      const char *format, ...) G_GNUC_PRINTF(5, 6);

static void set_error(cp_status *status, char *error, size_t error_size, cp_status code,
                      const char *format, ...) {
    if (status) *status = code;
    if (error && error_size > 0) {
        va_list args;
        va_start(args, format);
        vsnprintf(error, error_size, format, args);
        va_end(args);
        /* One line: gdk-pixbuf messages sometimes end with a newline or a full stop. */
        for (char *p = error; *p; p++)
            if (*p == '\n' || *p == '\r' || *p == '\t') *p = ' ';
        size_t n = strlen(error);
        while (n > 0 && (error[n - 1] == ' ' || error[n - 1] == '.')) error[--n] = '\0';
    }
}

/* No decoder for an accepted format: WebP's is a package of its own, so say which. */
static void set_no_decoder(cp_status *status, char *error, size_t error_size, const char *format, const char *why) {
    if (strcmp(format, "webp") == 0)
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED,
                  "cannot decode WebP: gdk-pixbuf's WebP loader is not installed "
                  "(Debian package webp-pixbuf-loader)");
    else
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "no decoder for %s: %s", format, why);
}

/* Whether gdk-pixbuf and chafa are loaded, loading them the first time; if they cannot be,
 * says why as for a missing decoder. */
static gboolean libraries_ready(cp_status *status, char *error, size_t error_size) {
    pthread_once(&libraries_once, load_libraries);
    if (libraries_loaded) return TRUE;
    set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "cannot load the picture libraries: %s",
              libraries_error);
    return FALSE;
}

/* ---------------------------------------------------------------- logging */

/* gdk-pixbuf's loaders answer damaged files with g_return_if_fail criticals and warnings
 * ("gdk_pixbuf_calculate_rowstride: assertion 'width > 0' failed"), which GLib prints on
 * stderr, that is over the carousel's screen. The load reports the failure itself, so
 * GLib's default log handler is replaced by one that drops everything but fatal errors,
 * as soon as the libraries are loaded, before any other call.
 * This is process-wide (the carousel uses GLib for nothing else); set
 * CAROUSEL_PICTURES_DEBUG=1 to keep GLib's messages. */
static void quiet_log(const gchar *domain, GLogLevelFlags level, const gchar *message, gpointer data) {
    (void)data;
    if (level & (G_LOG_FLAG_FATAL | G_LOG_LEVEL_ERROR)) g_log_default_handler(domain, level, message, NULL);
}

/* Called once, by load_libraries. */
static void install_quiet_log(void) {
    const char *debug = getenv("CAROUSEL_PICTURES_DEBUG");
    if (!debug || !*debug) g_log_set_default_handler(quiet_log, NULL);
}

/* ---------------------------------------------------------------- formats */

/* The formats carousel accepts, by gdk-pixbuf's format name (see sniff()). */
static const char *const accepted_formats[] = {"png", "jpeg", "gif", "webp", "bmp", "tiff"};

static gboolean is_accepted(const char *name) {
    if (!name) return FALSE;
    for (size_t i = 0; i < G_N_ELEMENTS(accepted_formats); i++)
        if (strcmp(name, accepted_formats[i]) == 0) return TRUE;
    return FALSE;
}

static gboolean format_available(const char *wanted) {
    gboolean found = FALSE;
    GSList *formats = gdk_pixbuf_get_formats();
    for (GSList *l = formats; l; l = l->next) {
        GdkPixbufFormat *format = l->data;
        gchar *name = gdk_pixbuf_format_get_name(format);
        if (name && strcmp(name, wanted) == 0 && !gdk_pixbuf_format_is_disabled(format)) found = TRUE;
        g_free(name);
    }
    g_slist_free(formats);
    return found;
}

static gpointer compute_supported_formats(gpointer unused) {
    (void)unused;
    static char list[32]; /* at most "png,jpeg,gif,webp,bmp,tiff" */
    for (size_t i = 0; i < G_N_ELEMENTS(accepted_formats); i++)
        if (format_available(accepted_formats[i])) {
            if (list[0]) g_strlcat(list, ",", sizeof list);
            g_strlcat(list, accepted_formats[i], sizeof list);
        }
    return list;
}

const char *cp_supported_formats(void) {
    if (!libraries_ready(NULL, NULL, 0)) return "";
    static GOnce once = G_ONCE_INIT;
    return g_once(&once, compute_supported_formats, NULL);
}

/* The format by its signature (the first bytes of every such file), or NULL. Only these six
 * ever reach gdk-pixbuf: its other loaders (ANI, ICNS, ICO, PNM, QTIF, SVG, TGA, XBM, XPM)
 * never see an untrusted file. */
static const char *sniff(const guchar *b, gsize n) {
    if (n >= 8 && memcmp(b, "\x89PNG\r\n\x1a\n", 8) == 0) return "png";
    if (n >= 3 && b[0] == 0xFF && b[1] == 0xD8 && b[2] == 0xFF) return "jpeg";
    if (n >= 6 && (memcmp(b, "GIF87a", 6) == 0 || memcmp(b, "GIF89a", 6) == 0)) return "gif";
    if (n >= 12 && memcmp(b, "RIFF", 4) == 0 && memcmp(b + 8, "WEBP", 4) == 0) return "webp";
    if (n >= 2 && b[0] == 'B' && b[1] == 'M') return "bmp";
    if (n >= 4 && (memcmp(b, "II*\0", 4) == 0 || memcmp(b, "MM\0*", 4) == 0)) return "tiff";
    return NULL;
}

static guint32 le32(const guchar *b) {
    return (guint32)b[0] | (guint32)b[1] << 8 | (guint32)b[2] << 16 | (guint32)b[3] << 24;
}

/* Guards against headers that make a gdk-pixbuf loader allocate absurd amounts before it
 * validates anything. Found by fuzzing: gdk-pixbuf 2.42's BMP loader grows its buffer to the
 * declared DIB header size and to the declared pixel-data offset, up to 4 GiB, before it
 * looks at them. Not a decoder: two header fields, checked against what the format allows. */
static gboolean plausible_header(const char *format, const guchar *b, gsize n) {
    if (strcmp(format, "bmp") == 0) {
        if (n < 18) return TRUE; /* too short: gdk-pixbuf reports it */
        guint32 offset = le32(b + 10), dib = le32(b + 14);
        gboolean known = dib == 12 || dib == 16 || dib == 40 || dib == 52 || dib == 56 || dib == 64 ||
                         dib == 108 || dib == 124;
        if (!known || offset > 1024 * 1024) return FALSE;
        /* Colours used (offset 46): the 2.42 loader reads it signed, so a huge value passes its
         * own check and it allocates that many palette entries (found by fuzzing: 3 GB for a
         * 56-byte file). A palette never has more than 2^bpp (at most 256) entries. */
        if (dib != 12 && n >= 50) {
            unsigned bpp = (unsigned)b[28] | (unsigned)b[29] << 8;
            guint32 used = le32(b + 46);
            if (used > 256 || (bpp <= 8 && used > (1u << bpp))) return FALSE;
        }
        return TRUE;
    }
    return TRUE;
}

/* ---------------------------------------------------------------- loading */

typedef struct {
    int max_width, max_height;
    int original_width, original_height;
    cp_status refused; /* CP_OK, or why size_prepared stopped the decoder */
    int level;         /* the level to make (see cp_level) */
    int direct;        /* the level the decoder produces itself (JPEG: up to 3), halved from there */
    char format[8];
    int rows_done;     /* rows the decoder has delivered so far */
} load_state;

/* The size that fits within max keeping the aspect, never larger than the picture. */
static void fit_within(int width, int height, int max_width, int max_height, int *out_w, int *out_h) {
    double scale = 1.0;
    if (width > max_width) scale = (double)max_width / width;
    if (height * scale > max_height) scale = (double)max_height / height;
    int w = (int)(width * scale + 0.5), h = (int)(height * scale + 0.5);
    *out_w = scale < 1.0 ? MAX(w, 1) : width;
    *out_h = scale < 1.0 ? MAX(h, 1) : height;
}

/* One side of level LEVEL: SIZE halved LEVEL times, rounded up. */
static int level_size(int size, int level) {
    return (int)(((gint64)size + ((gint64)1 << level) - 1) >> level);
}

int cp_level(int width, int height, int max_width, int max_height) {
    if (width < 1 || height < 1 || max_width < 1 || max_height < 1) return 0;
    int best = 30;
    for (int turn = 0; turn < 2; turn++) {
        /* Turned a quarter, the picture shown as height x width fits max_width x max_height. */
        int fw, fh;
        fit_within(width, height, turn ? max_height : max_width, turn ? max_width : max_height, &fw, &fh);
        int k = 0;
        while (k < best && (level_size(width, k) > 1 || level_size(height, k) > 1) &&
               level_size(width, k + 1) >= fw && level_size(height, k + 1) >= fh)
            k++;
        best = MIN(best, k);
    }
    return best;
}

/* The level a decoder of FORMAT produces itself when LEVEL is wanted, the rest being halved
 * from it: JPEG's decodes at 1/2, 1/4 or 1/8 of the size (levels 1 to 3), the others at full
 * size. */
static int direct_level(const char *format, int level) {
    return strcmp(format, "jpeg") == 0 ? MIN(level, 3) : 0;
}

/* Called by the decoder once it knows the picture's size, before it allocates anything.
 * Setting the size to 0x0 tells a gdk-pixbuf loader to stop (its documented convention).
 *
 * The size is otherwise left alone except for JPEG, whose decoder can shrink by 1/2, 1/4 or
 * 1/8 while decoding (libjpeg's DCT scaling): it is asked for exactly that size, so that the
 * loader hands rows over as they are decoded (a size the decoder cannot produce itself makes
 * GdkPixbufLoader scale at the end and report the whole picture as done, truncated or not).
 * Levels past the decoder's own are halved from its picture once decoded (see finish). */
static void size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data) {
    load_state *state = data;
    state->original_width = width;
    state->original_height = height;

    GdkPixbufFormat *format = gdk_pixbuf_loader_get_format(loader);
    gchar *name = format ? gdk_pixbuf_format_get_name(format) : NULL;
    g_strlcpy(state->format, name ? name : "?", sizeof state->format);
    g_free(name);
    if (!is_accepted(state->format)) {
        state->refused = CP_ERR_UNSUPPORTED;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    if (width <= 0 || height <= 0) {
        state->refused = CP_ERR_CORRUPT;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    state->level = cp_level(width, height, state->max_width, state->max_height);
    state->direct = direct_level(state->format, state->level);
    int n = 1 << state->direct; /* the decoder's own reduction: 1/n in each direction */
    gint64 decoded = (gint64)((width + n - 1) / n) * ((height + n - 1) / n);
    if (decoded > CP_MAX_DECODE_PIXELS) {
        state->refused = CP_ERR_TOO_LARGE;
        gdk_pixbuf_loader_set_size(loader, 0, 0);
        return;
    }
    if (n > 1) gdk_pixbuf_loader_set_size(loader, (width + n - 1) / n, (height + n - 1) / n);
}

/* The pixel buffer exists, no row is decoded yet: clear it, so that rows a decoder never
 * writes are transparent, not whatever the memory held. Not for WebP: its loader decodes an
 * animation's first frame whole before it says the buffer is there, and the clear wiped the
 * frame (an animated WebP showed as an empty card: helper-48). */
static void area_prepared(GdkPixbufLoader *loader, gpointer data) {
    const load_state *state = data;
    if (strcmp(state->format, "webp") == 0) return;
    GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
    if (pixbuf) gdk_pixbuf_fill(pixbuf, 0);
}

static void area_updated(GdkPixbufLoader *loader, int x, int y, int width, int height, gpointer data) {
    (void)loader;
    (void)x;
    (void)width;
    (void)y;
    load_state *state = data;
    /* Rows arrive once each, in any order (BMP is stored bottom-up), for the formats that
     * reports_rows() lists; interlaced PNG repeats them per pass, which only overcounts. */
    if (height > 0 && state->rows_done < G_MAXINT - height) state->rows_done += height;
}

/* Formats whose gdk-pixbuf loader reports rows as it decodes them and says nothing when the
 * data stops early (measured: PNG, baseline JPEG and BMP cut short "load" without error).
 * TIFF decodes everything at close (and reports damage itself); GIF reports missing frames
 * itself; WebP's loader (webp-pixbuf-loader) is left to report its own errors. */
static gboolean reports_rows(const char *format) {
    return strcmp(format, "png") == 0 || strcmp(format, "jpeg") == 0 || strcmp(format, "bmp") == 0 ||
           strcmp(format, "tiff") == 0;
}

/* Feeds the decoder chunk by chunk. */
typedef gssize (*read_chunk)(void *source, guchar *buffer, gsize size, GError **error);

typedef struct {
    const guchar *bytes;
    gsize length, offset;
} memory_source;

static gssize read_memory(void *source, guchar *buffer, gsize size, GError **error) {
    (void)error;
    memory_source *m = source;
    gsize n = MIN(size, m->length - m->offset);
    if (n) memcpy(buffer, m->bytes + m->offset, n);
    m->offset += n;
    return (gssize)n;
}

static gssize read_file(void *source, guchar *buffer, gsize size, GError **error) {
    FILE *f = source;
    size_t n = fread(buffer, 1, size, f);
    if (n == 0 && ferror(f)) {
        int saved = errno;
        g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(saved), "%s", g_strerror(saved));
        return -1;
    }
    return (gssize)n;
}

static cp_status status_for(const GError *err) {
    if (err->domain == G_FILE_ERROR) return CP_ERR_OPEN;
    if (err->domain == GDK_PIXBUF_ERROR) switch (err->code) {
        case GDK_PIXBUF_ERROR_UNKNOWN_TYPE:
        case GDK_PIXBUF_ERROR_UNSUPPORTED_OPERATION:
            return CP_ERR_UNSUPPORTED;
        /* Loaders say "not enough memory" for frames of bogus size too; within
         * CP_MAX_DECODE_PIXELS a real shortage is unlikely, so it counts as damage. */
        default:
            return CP_ERR_CORRUPT;
        }
    return CP_ERR_CORRUPT;
}

/* 256 KiB: gdk-pixbuf's GIF loader slows down with many small writes (measured: a 1000x1000
 * GIF takes 310 ms in 16 KiB writes, 90 ms in 64 KiB, 51 ms in 256 KiB). */
#define CHUNK_SIZE (256 * 1024)

/* A new image like IMAGE (its original size and format) holding FROM (IMAGE's size of pixels)
 * scaled to w x h with GdkPixbuf's bilinear filter, as tight RGBA; NULL when out of memory. */
static cp_image *scaled_copy(const cp_image *image, const uint8_t *from, int w, int h) {
    GdkPixbuf *source = gdk_pixbuf_new_from_data(from, GDK_COLORSPACE_RGB, TRUE, 8, image->width,
                                                 image->height, image->width * 4, NULL, NULL);
    GdkPixbuf *scaled = source ? gdk_pixbuf_scale_simple(source, w, h, GDK_INTERP_BILINEAR) : NULL;
    if (source) g_object_unref(source);
    if (!scaled) return NULL;
    cp_image *copy = calloc(1, sizeof *copy);
    uint8_t *pixels = copy ? malloc((size_t)w * h * 4) : NULL;
    if (!pixels) {
        free(copy);
        g_object_unref(scaled);
        return NULL;
    }
    const guchar *src = gdk_pixbuf_read_pixels(scaled);
    int stride = gdk_pixbuf_get_rowstride(scaled);
    for (int y = 0; y < h; y++) memcpy(pixels + (size_t)y * w * 4, src + (size_t)y * stride, (size_t)w * 4);
    g_object_unref(scaled);
    *copy = *image;
    copy->width = w;
    copy->height = h;
    copy->pixels = pixels;
    return copy;
}

/* A new image like LIKE (its original size, format and level + 1) holding the w x h pixels at
 * SRC (rows STRIDE bytes apart, CHANNELS 3 or 4, RGB(A) 8 bits) halved, each side rounded up:
 * each pixel the mean of a 2 x 2 square (an odd side's last one counts its edge twice), its colour
 * weighted by alpha. NULL when out of memory.
 *
 * Every level past a decoder's own is made by this alone, one step at a time, from the decoder's
 * pixbuf at load (3 channels or 4, read in place: no full-size copy beside it; an 8000x8000 PNG
 * peaked at 554 MB with one, helper-79) or from a level held (cp_halved): a pixel without alpha is
 * opaque either way, so a level is the same pixels whichever way it was made. */
static cp_image *halved(const cp_image *like, const uint8_t *src, size_t stride, int channels, int w, int h) {
    int hw = level_size(w, 1), hh = level_size(h, 1);
    cp_image *copy = calloc(1, sizeof *copy);
    uint8_t *pixels = copy ? malloc((size_t)hw * hh * 4) : NULL;
    if (!pixels) {
        free(copy);
        return NULL;
    }
    for (int y = 0; y < hh; y++) {
        const uint8_t *rows[2] = {src + (size_t)(2 * y) * stride, src + (size_t)MIN(2 * y + 1, h - 1) * stride};
        uint8_t *dst = pixels + (size_t)y * hw * 4;
        for (int x = 0; x < hw; x++, dst += 4) {
            size_t columns[2] = {(size_t)(2 * x) * channels, (size_t)MIN(2 * x + 1, w - 1) * channels};
            unsigned alpha = 0, sum[3] = {0, 0, 0}, weighted[3] = {0, 0, 0};
            for (int r = 0; r < 2; r++)
                for (int c = 0; c < 2; c++) {
                    const uint8_t *p = rows[r] + columns[c];
                    unsigned a = channels == 4 ? p[3] : 255;
                    alpha += a;
                    for (int k = 0; k < 3; k++) {
                        sum[k] += p[k];
                        weighted[k] += p[k] * a;
                    }
                }
            if (alpha == 4 * 255) {
                for (int k = 0; k < 3; k++) dst[k] = (uint8_t)((sum[k] + 2) / 4);
            } else if (alpha == 0) {
                for (int k = 0; k < 3; k++) dst[k] = 0;
            } else {
                for (int k = 0; k < 3; k++) dst[k] = (uint8_t)((weighted[k] + alpha / 2) / alpha);
            }
            dst[3] = (uint8_t)((alpha + 2) / 4);
        }
    }
    *copy = *like;
    copy->width = hw;
    copy->height = hh;
    copy->level = like->level + 1;
    copy->pixels = pixels;
    return copy;
}

static cp_image *halved_once(const cp_image *image) {
    return halved(image, image->pixels, (size_t)image->width * 4, 4, image->width, image->height);
}

cp_image *cp_halved(const cp_image *image, int times) {
    if (!image || times < 1) return NULL;
    cp_image *current = halved_once(image);
    for (int i = 1; current && i < times; i++) {
        cp_image *next = halved_once(current);
        cp_free(current);
        current = next;
    }
    return current;
}

int cp_can_halve_to(const cp_image *image, int level) {
    return image && image->level < level && image->level >= direct_level(image->format, level);
}

/* The decoded picture, oriented, as tight RGBA, halved down to its level. */
static cp_image *finish(GdkPixbuf *pixbuf, const load_state *state, cp_status *status, char *error,
                        size_t error_size) {
    GdkPixbuf *oriented = gdk_pixbuf_apply_embedded_orientation(pixbuf);
    if (!oriented) {
        set_error(status, error, error_size, CP_ERR_MEMORY, "out of memory");
        return NULL;
    }
    int channels = gdk_pixbuf_get_n_channels(oriented), stride = gdk_pixbuf_get_rowstride(oriented);
    int w = gdk_pixbuf_get_width(oriented), h = gdk_pixbuf_get_height(oriented);
    if (gdk_pixbuf_get_bits_per_sample(oriented) != 8 || (channels != 3 && channels != 4) || w < 1 || h < 1) {
        g_object_unref(oriented);
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "unusual pixel layout");
        return NULL;
    }
    cp_image like = {.level = state->direct};
    /* Orientation may turn the picture a quarter: report the original size as shown. */
    const char *o = gdk_pixbuf_get_option(pixbuf, "orientation");
    gboolean quarter = o && (strcmp(o, "5") == 0 || strcmp(o, "6") == 0 || strcmp(o, "7") == 0 || strcmp(o, "8") == 0);
    like.original_width = quarter ? state->original_height : state->original_width;
    like.original_height = quarter ? state->original_width : state->original_height;
    g_strlcpy(like.format, state->format, sizeof like.format);
    const guchar *src = gdk_pixbuf_read_pixels(oriented);
    if (state->level > state->direct) {
        /* Halved from the decoder's pixels where they lie (see halved). */
        cp_image *half = halved(&like, src, (size_t)stride, channels, w, h);
        g_object_unref(oriented);
        cp_image *smaller = half && state->level > state->direct + 1 ? cp_halved(half, state->level - state->direct - 1) : half;
        if (smaller != half) cp_free(half);
        if (!smaller) set_error(status, error, error_size, CP_ERR_MEMORY, "out of memory");
        return smaller;
    }
    cp_image *image = calloc(1, sizeof *image);
    uint8_t *pixels = image ? malloc((size_t)w * h * 4) : NULL;
    if (!pixels) {
        free(image);
        g_object_unref(oriented);
        set_error(status, error, error_size, CP_ERR_MEMORY, "out of memory");
        return NULL;
    }
    for (int y = 0; y < h; y++) {
        const guchar *row = src + (size_t)y * stride;
        uint8_t *dst = pixels + (size_t)y * w * 4;
        if (channels == 4) memcpy(dst, row, (size_t)w * 4);
        else for (int x = 0; x < w; x++) {
            dst[4 * x] = row[3 * x];
            dst[4 * x + 1] = row[3 * x + 1];
            dst[4 * x + 2] = row[3 * x + 2];
            dst[4 * x + 3] = 255;
        }
    }
    g_object_unref(oriented);
    *image = like;
    image->width = w;
    image->height = h;
    image->pixels = pixels;
    return image;
}

/* What a file whose bytes are no picture's is said to be: text (a note saved with a picture's
 * name: "not a picture in a known format (... JPEG ...)" for a `.jpg` made the user wonder what
 * was wrong with their JPEG; helper-102), or a format not known. */
static void set_unknown_format(cp_status *status, char *error, size_t error_size, const void *head, size_t n) {
    /* (Text: no control character but tab, line ends, form feed and escape in its first 4 KB,
     * in whatever encoding. Told without GLib, which a check must not load.) */
    const unsigned char *bytes = head;
    size_t look = n < 4096 ? n : 4096;
    int text = look > 0;
    for (size_t i = 0; i < look && text; i++) {
        unsigned char c = bytes[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1b) || c == 0x7f) text = 0;
    }
    if (text) {
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "holds text, not a picture");
    } else {
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED,
                  "not a picture in a known format (PNG, JPEG, GIF, WebP, BMP, TIFF)");
    }
}

static cp_image *load(read_chunk read, void *source, int max_width, int max_height,
                      cp_status *status, char *error, size_t error_size) {
    if (status) *status = CP_OK;
    if (error && error_size) error[0] = '\0';

    guchar *buffer = g_malloc(CHUNK_SIZE);
    GError *err = NULL;
    gssize n = read(source, buffer, CHUNK_SIZE, &err);
    const char *format = n > 0 ? sniff(buffer, (gsize)n) : NULL;
    if (n < 0) {
        set_error(status, error, error_size, CP_ERR_OPEN, "cannot read the file: %s", err->message);
    } else if (n == 0) {
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "empty file, not a picture");
    } else if (!format) {
        set_unknown_format(status, error, error_size, buffer, (size_t)n);
    }
    if (n > 0 && format && !plausible_header(format, buffer, (gsize)n)) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged picture: invalid %s header", format);
        format = NULL;
    }
    if (n <= 0 || !format) {
        g_clear_error(&err);
        g_free(buffer);
        return NULL;
    }

    /* Created for the sniffed type, the loader decodes every write at once. A loader left to
     * guess holds data back until it has enough to guess from (measured: a 3,000-byte JPEG was
     * decoded only inside close, where libjpeg pads a cut file with grey rows and truncation
     * can no longer be told). */
    GdkPixbufLoader *loader = gdk_pixbuf_loader_new_with_type(format, &err);
    if (!loader) {
        set_no_decoder(status, error, error_size, format, err ? err->message : "unknown");
        g_clear_error(&err);
        g_free(buffer);
        return NULL;
    }

    load_state state = {.max_width = max_width, .max_height = max_height, .refused = CP_OK};
    g_strlcpy(state.format, format, sizeof state.format);
    g_signal_connect(loader, "size-prepared", G_CALLBACK(size_prepared), &state);
    g_signal_connect(loader, "area-prepared", G_CALLBACK(area_prepared), &state);
    g_signal_connect(loader, "area-updated", G_CALLBACK(area_updated), &state);

    gboolean failed = FALSE, has_frame = FALSE, too_long = FALSE;
    guint64 total = 0;
    while (n > 0 && !has_frame) {
        total += (guint64)n;
        if (total > CP_MAX_FILE_BYTES) { too_long = failed = TRUE; break; }
        if (!gdk_pixbuf_loader_write(loader, buffer, (gsize)n, &err)) { failed = TRUE; break; }
        /* Stop as soon as an animation's first frame is complete (as
         * gdk_pixbuf_new_from_file_at_scale does): decoding every frame of a long GIF
         * only to show the first costs seconds. */
        GdkPixbufAnimation *animation = gdk_pixbuf_loader_get_animation(loader);
        if (animation && !gdk_pixbuf_animation_is_static_image(animation)) {
            GdkPixbufAnimationIter *iter = gdk_pixbuf_animation_get_iter(animation, NULL);
            has_frame = !gdk_pixbuf_animation_iter_on_currently_loading_frame(iter);
            g_object_unref(iter);
        }
        if (!has_frame) {
            n = read(source, buffer, CHUNK_SIZE, &err);
            if (n < 0) failed = TRUE;
        }
    }
    g_free(buffer);

    /* libjpeg finishes a JPEG cut short with grey rows when told the data has ended, so for
     * the formats that decode as data arrives only rows delivered before the close count. */
    int rows_before_close = state.rows_done;
    GError *close_err = NULL;
    gboolean closed = gdk_pixbuf_loader_close(loader, failed ? NULL : &close_err);
    if (!failed && !closed && !has_frame) { failed = TRUE; err = close_err; close_err = NULL; }
    g_clear_error(&close_err);
    int rows = strcmp(state.format, "tiff") == 0 ? state.rows_done : rows_before_close;

    cp_image *image = NULL;
    GdkPixbuf *pixbuf = failed ? NULL : gdk_pixbuf_loader_get_pixbuf(loader);

    if (state.refused == CP_ERR_UNSUPPORTED) {
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED,
                  "%s pictures are not shown (only PNG, JPEG, GIF, WebP, BMP and TIFF)", state.format);
    } else if (state.refused == CP_ERR_CORRUPT) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged picture: size %d x %d",
                  state.original_width, state.original_height);
    } else if (too_long) {
        set_error(status, error, error_size, CP_ERR_TOO_LARGE, "file too large for a picture (over %d MiB)",
                  (int)(CP_MAX_FILE_BYTES >> 20));
    } else if (state.refused == CP_ERR_TOO_LARGE) {
        set_error(status, error, error_size, CP_ERR_TOO_LARGE,
                  "picture too large to decode (%d x %d pixels)", state.original_width,
                  state.original_height);
    } else if (failed && err) {
        cp_status code = status_for(err);
        if (code == CP_ERR_UNSUPPORTED) code = CP_ERR_CORRUPT; /* the signature was right */
        set_error(status, error, error_size, code, "%s: %s",
                  code == CP_ERR_OPEN ? "cannot read the file" : "damaged or truncated picture",
                  err->message);
    } else if (!pixbuf) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged or truncated picture: no image data");
    } else if (reports_rows(state.format) && rows < gdk_pixbuf_get_height(pixbuf)) {
        /* Counted in the picture's own rows, not those of the smaller size it was decoded at
         * ("after 0 of 375 rows" for a picture of 3,000). */
        int decoded = gdk_pixbuf_get_height(pixbuf);
        int total = state.original_height > 0 ? state.original_height : decoded;
        set_error(status, error, error_size, CP_ERR_CORRUPT,
                  "damaged or truncated picture: the data ends after %s%d of %d rows", total == decoded ? "" : "about ",
                  (int)((int64_t)rows * total / decoded), total);
    } else {
        image = finish(pixbuf, &state, status, error, error_size);
    }
    g_clear_error(&err);
    g_object_unref(loader);
    return image;
}

cp_image *cp_load(const char *path, int max_width, int max_height, cp_status *status,
                  char *error, size_t error_size) {
    if (!path || max_width < 1 || max_height < 1) {
        set_error(status, error, error_size, CP_ERR_ARGUMENT, "bad argument to cp_load");
        return NULL;
    }
    if (!libraries_ready(status, error, error_size)) return NULL;
    FILE *f = fopen(path, "rbe");
    if (!f) {
        int saved = errno;
        set_error(status, error, error_size, CP_ERR_OPEN, "cannot open the file: %s", g_strerror(saved));
        return NULL;
    }
    cp_image *image = load(read_file, f, max_width, max_height, status, error, error_size);
    fclose(f);
    return image;
}

cp_image *cp_load_memory(const void *bytes, size_t length, int max_width, int max_height,
                         cp_status *status, char *error, size_t error_size) {
    if ((!bytes && length) || max_width < 1 || max_height < 1) {
        set_error(status, error, error_size, CP_ERR_ARGUMENT, "bad argument to cp_load_memory");
        return NULL;
    }
    if (!libraries_ready(status, error, error_size)) return NULL;
    memory_source source = {.bytes = bytes, .length = length, .offset = 0};
    return load(read_memory, &source, max_width, max_height, status, error, error_size);
}

const char *cp_check(const void *head, size_t n, cp_status *status, char *error, size_t error_size) {
    if (status) *status = CP_OK;
    if (error && error_size) error[0] = '\0';
    if (!head || n == 0) {
        set_error(status, error, error_size, CP_ERR_UNSUPPORTED, "empty file, not a picture");
        return NULL;
    }
    const char *format = sniff(head, n);
    if (!format) {
        set_unknown_format(status, error, error_size, head, n);
        return NULL;
    }
    if (!plausible_header(format, head, n)) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged picture: invalid %s header", format);
        return NULL;
    }
    /* Shorter than the header that says its size: nothing could be shown. (PNG: signature and
     * IHDR; GIF: the logical screen; BMP: file and core headers; WebP: RIFF and a chunk
     * header; TIFF: header and first IFD offset; JPEG: SOI and a marker.) */
    gsize least = strcmp(format, "png") == 0 ? 33 : strcmp(format, "gif") == 0 ? 13 : strcmp(format, "bmp") == 0 ? 26
                : strcmp(format, "webp") == 0 ? 20 : strcmp(format, "tiff") == 0 ? 8 : 4;
    if (n < least) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged or truncated picture: the file ends in its header");
        return NULL;
    }
    if (strcmp(format, "png") == 0 && memcmp(head + 12, "IHDR", 4) != 0) {
        set_error(status, error, error_size, CP_ERR_CORRUPT, "damaged picture: invalid png header");
        return NULL;
    }
    /* A size no decode would take, where the header says it and the whole picture would be
     * decoded (not a JPEG, decoded smaller): refused now, not when the card first shows (the
     * deck counted it, then lost it while it was browsed: helper-60). */
    const uint8_t *b = head;
    gint64 width = -1, height = -1;
    if (strcmp(format, "png") == 0) {
        width = (gint64)b[16] << 24 | b[17] << 16 | b[18] << 8 | b[19];
        height = (gint64)b[20] << 24 | b[21] << 16 | b[22] << 8 | b[23];
    } else if (strcmp(format, "gif") == 0) {
        width = b[6] | b[7] << 8;
        height = b[8] | b[9] << 8;
    }
    if (width > 0 && height > 0 && width * height > CP_MAX_DECODE_PIXELS) {
        set_error(status, error, error_size, CP_ERR_TOO_LARGE, "picture too large to decode (%lld x %lld pixels)",
                  (long long)width, (long long)height);
        return NULL;
    }
    /* Only now are the libraries needed: a file that is no picture does not load them. */
    if (!libraries_ready(status, error, error_size)) return NULL;
    gboolean available = FALSE;
    gchar **names = g_strsplit(cp_supported_formats(), ",", -1);
    for (gchar **name = names; *name; name++)
        if (strcmp(*name, format) == 0) available = TRUE;
    g_strfreev(names);
    if (!available) {
        set_no_decoder(status, error, error_size, format, "not installed on this machine");
        return NULL;
    }
    return format;
}

cp_image *cp_scaled(const cp_image *image, int max_width, int max_height) {
    if (!image || max_width < 1 || max_height < 1) return NULL;
    if (!libraries_ready(NULL, NULL, 0)) return NULL; /* never so for an image cp_load made */
    int w, h;
    fit_within(image->width, image->height, max_width, max_height, &w, &h);
    w = MAX(1, w);
    h = MAX(1, h);
    /* What chafa draws of a translucent pixel in focus (alpha of half or more) is what the small
     * copy covers: a panel at alpha 100, not drawn in focus, came out solid on the cards beside
     * (review). The pixels are copied for that only where some are translucent. */
    const uint8_t *from = image->pixels;
    uint8_t *visible = NULL;
    size_t count = (size_t)image->width * image->height * 4;
    for (size_t i = 3; i < count; i += 4) {
        if (from[i] == 255 || from[i] == 0) continue;
        visible = malloc(count);
        if (!visible) return NULL;
        memcpy(visible, from, count);
        for (size_t j = 3; j < count; j += 4) visible[j] = visible[j] >= 128 ? 255 : 0;
        from = visible;
        break;
    }
    cp_image *copy = scaled_copy(image, from, w, h);
    free(visible);
    if (!copy) return NULL;
    /* A pixel a shape covers a quarter of or more is the shape's, whole; less, transparent. Each
     * pixel of the small copy averages a large area, and a shape on a transparent picture left
     * few pixels opaque enough for chafa to draw: a red disc blurred was blank cells (helper-60).
     * The copy is enlarged smoothly again, so its edges still come out soft. */
    for (size_t i = 3; i < (size_t)w * h * 4; i += 4) copy->pixels[i] = copy->pixels[i] >= 64 ? 255 : 0;
    copy->level = -1; /* no level of the picture: never halved to one (cp_can_halve_to) */
    return copy;
}

void cp_free(cp_image *image) {
    if (!image) return;
    free(image->pixels);
    free(image);
}

int cp_image_width(const cp_image *image) { return image ? image->width : 0; }
int cp_image_height(const cp_image *image) { return image ? image->height : 0; }
const uint8_t *cp_image_pixels(const cp_image *image) { return image ? image->pixels : NULL; }
int cp_image_original_width(const cp_image *image) { return image ? image->original_width : 0; }
int cp_image_original_height(const cp_image *image) { return image ? image->original_height : 0; }
int cp_image_level(const cp_image *image) { return image ? image->level : 0; }
const char *cp_image_format(const cp_image *image) { return image ? image->format : ""; }

/* ---------------------------------------------------------------- rendering */

cp_rect cp_fit(const cp_image *image, int cols, int rows) {
    cp_rect r = {0, 0, 0, 0};
    if (!image || cols < 1 || rows < 1) return r;
    /* A cell is about twice as tall as it is wide, so the picture is 2*w/h cells wide per
     * cell of height. */
    /* (The original's aspect: every level and blurred copy of a picture takes the same cells.) */
    double aspect = 2.0 * image->original_width / image->original_height;
    int w = cols, h = (int)(cols / aspect + 0.5);
    if (h > rows) {
        h = rows;
        w = (int)(rows * aspect + 0.5);
    }
    r.width = CLAMP(w, 1, cols);
    r.height = CLAMP(h, 1, rows);
    r.x = (cols - r.width) / 2;
    r.y = (rows - r.height) / 2;
    return r;
}

static ChafaCanvasConfig *make_config(int width, int height, int depth, unsigned flags) {
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, width, height);
    chafa_canvas_config_set_cell_geometry(config, 8, 16);

    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    if (flags & CP_RENDER_ASCII) {
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_ASCII);
    } else if (depth == CP_DEPTH_NONE) {
        /* No box-drawing lines: with two "colours" only, a noisy grey between two shades came out
         * as a row of ┍┖╳┰ (helper-35); blocks and shades keep every cell a shade or a shape. */
        /* Halves and quarters, not the eighths of a cell (`▇`, `▂`): near half brightness an
         * eighth block fitted a smooth gradient as well as a shade, and a sky's row came out a
         * bright stripe of `▇` between rows of `▒` (helper-102). */
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_SOLID |
                                                  CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_STIPPLE);
    } else {
        chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER |
                                                  CHAFA_SYMBOL_TAG_SPACE);
    }
    /* A cell never holds a wide or ambiguous-width character. */
    chafa_symbol_map_remove_by_tags(symbols, CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_AMBIGUOUS);
    chafa_canvas_config_set_symbol_map(config, symbols);

    switch (depth) {
    case CP_DEPTH_TRUECOLOR: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR); break;
    case CP_DEPTH_256:
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_240);
        /* Colours matched as the eye sees them: matched in RGB, where blue sky met green hills
         * the palette's nearest was a dark grey, 238 or 239 (helper-35). */
        chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_DIN99D);
        break;
    case CP_DEPTH_16: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_16); break;
    case CP_DEPTH_8: chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_INDEXED_8); break;
    default: {
        /* No colour: two "colours", the terminal's own, and brightness shown by how much of
         * each cell the glyph covers; fill symbols (shades, or ASCII by density) carry flat
         * areas. */
        chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_FGBG);
        gboolean light = (flags & CP_RENDER_LIGHT_BACKGROUND) != 0;
        chafa_canvas_config_set_fg_color(config, light ? 0x000000 : 0xffffff);
        chafa_canvas_config_set_bg_color(config, light ? 0xffffff : 0x000000);
        ChafaSymbolMap *fill = chafa_symbol_map_new();
        chafa_symbol_map_add_by_tags(fill, (flags & CP_RENDER_ASCII) ? CHAFA_SYMBOL_TAG_ASCII
                                                                     : CHAFA_SYMBOL_TAG_STIPPLE | CHAFA_SYMBOL_TAG_SPACE | CHAFA_SYMBOL_TAG_SOLID);
        chafa_symbol_map_remove_by_tags(fill, CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_AMBIGUOUS);
        chafa_canvas_config_set_fill_symbol_map(config, fill);
        /* Chafa's preprocessing stretches contrast per picture; off, the same brightness gives
         * the same density in every picture (measured ramp in NOTES.md). */
        chafa_canvas_config_set_preprocessing_enabled(config, FALSE);
        chafa_symbol_map_unref(fill);
        break;
    }
    }
    chafa_symbol_map_unref(symbols);
    return config;
}

/* xterm's 16 colours, as the terminal shows them (ColorPalette.ansi in the Swift code). */
static const uint8_t xterm_colors[16][3] = {
    {0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0}, {0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
    {127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0}, {92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
};

static uint32_t xterm_rgb(int i) {
    return (uint32_t)xterm_colors[i][0] << 16 | (uint32_t)xterm_colors[i][1] << 8 | xterm_colors[i][2];
}

static long xterm_distance(int r, int g, int b, int i) {
    long dr = r - xterm_colors[i][0], dg = g - xterm_colors[i][1], db = b - xterm_colors[i][2];
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db;
}

/* The entry a pixel is shown as. A strong colour keeps its hue: the palette's six hues are far
 * apart, and by distance alone a sunset's orange and purple, a dusk sky's violet, came out grey
 * or black. Its normal or bright form, and any other colour, by the nearest, each channel's
 * difference weighted as the eye weighs it (as ColorPalette.distance does): skin is a light
 * grey, not a bright yellow or red. */
static int nearest_xterm_color(int r, int g, int b) {
    int high = r > g ? (r > b ? r : b) : (g > b ? g : b);
    int low = r < g ? (r < b ? r : b) : (g < b ? g : b);
    /* (Bright enough to read as its hue: a dark brown ground, 60,35,20, came out xterm's red, a
     * dark forest its green; review. Darker ones go to the nearest, black or grey; but a dark
     * blue stays blue, xterm's blue being as dark to the eye as a night sky or sea.) */
    if (high >= 48 && (high - low) * 2 >= high) {
        double span = high - low, hue;
        if (high == r) hue = 60 * ((g - b) / span);
        else if (high == g) hue = 60 * ((b - r) / span) + 120;
        else hue = 60 * ((r - g) / span) + 240;
        if (hue < 0) hue += 360;
        static const int hues[6] = {1, 3, 2, 6, 4, 5};  /* red, yellow, green, cyan, blue, magenta */
        int base = hues[(int)((hue + 30) / 60) % 6];
        if (high >= 80 || base == 4)
            return xterm_distance(r, g, b, base + 8) < xterm_distance(r, g, b, base) ? base + 8 : base;
    }
    int best = 0;
    long least = -1;
    for (int i = 0; i < 16; i++) {
        long d = xterm_distance(r, g, b, i);
        if (least < 0 || d < least) { least = d; best = i; }
    }
    return best;
}

int cp_render(const cp_image *image, int cols, int rows, int depth, unsigned flags,
              cp_cell *out, cp_rect *used) {
    if (!image || !out || cols < 1 || rows < 1 || (gint64)cols * rows > (1 << 24)) return -1;
    if (depth != CP_DEPTH_NONE && depth != CP_DEPTH_8 && depth != CP_DEPTH_16 &&
        depth != CP_DEPTH_256 && depth != CP_DEPTH_TRUECOLOR)
        return -1;
    if (!libraries_ready(NULL, NULL, 0)) return -1; /* never so for an image cp_load made */

    cp_rect r = cp_fit(image, cols, rows);
    if (used) *used = r;
    const cp_cell padding = {' ', 0, 0, -1, -1, CP_CELL_FG_DEFAULT | CP_CELL_BG_DEFAULT};
    for (size_t i = 0; i < (size_t)cols * rows; i++) out[i] = padding;

    /* At 16 and 8 colours every pixel is first taken to the entry of xterm's palette nearest it
     * (the colours the terminal shows, as the rest of the screen takes them), and chafa, in its
     * truecolor mode, only shapes each cell from those: chafa's own 16-colour mode matches
     * against VGA's values (a normal colour's channel at 112 or 128, greys at 64 and 192), which
     * no rescaling of the channels reconciles with xterm's (205; greys 127 and 229): a light grey
     * came out dark grey, skin bright red, a grey mountain black (helper-102). Eight colours are
     * chosen among sixteen, then the bright ones taken as their normal half and grey as white
     * (below): matched against the eight alone, with no grey between black and white, a mid grey
     * came out yellow or cyan. */
    int palette_depth = depth == CP_DEPTH_8 || depth == CP_DEPTH_16;
    ChafaCanvasConfig *config = make_config(r.width, r.height, palette_depth ? CP_DEPTH_TRUECOLOR : depth, flags);
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_canvas_config_unref(config);
    const uint8_t *pixels = image->pixels;
    uint8_t *toned = NULL;
    if (palette_depth) {
        size_t n = (size_t)image->width * image->height * 4;
        toned = malloc(n);
        if (toned) {
            for (size_t i = 0; i < n; i += 4) {
                const uint8_t *rgb = xterm_colors[nearest_xterm_color(pixels[i], pixels[i + 1], pixels[i + 2])];
                toned[i] = rgb[0];
                toned[i + 1] = rgb[1];
                toned[i + 2] = rgb[2];
                toned[i + 3] = pixels[i + 3];
            }
            pixels = toned;
        }
    } else if (depth == CP_DEPTH_NONE) {
        /* Without colour each pixel is its brightness as the eye sees it (Rec. 709 weights):
         * chafa weighs a colour's distance to white and to black alike in every channel, and a
         * yellow sun on a blue sky came out the sky's half shade (helper-92).
         * The densest ASCII glyph ('@') covers under half a cell, so chafa maps everything
         * brighter than about 45% to '@'. Compressing the distance from the background by
         * ASCII_TONE spreads the whole range over " .,;\"!-~\\r[7fcCePs9E0B$@". */
        const double ASCII_TONE = 0.42;
        double tone = (flags & CP_RENDER_ASCII) ? ASCII_TONE : 1.0;
        size_t n = (size_t)image->width * image->height * 4;
        toned = malloc(n);
        if (toned) {
            double base = (flags & CP_RENDER_LIGHT_BACKGROUND) ? 255.0 : 0.0;
            for (size_t i = 0; i < n; i += 4) {
                double y = 0.2126 * pixels[i] + 0.7152 * pixels[i + 1] + 0.0722 * pixels[i + 2];
                uint8_t v = (uint8_t)(base + (y - base) * tone + 0.5);
                toned[i] = toned[i + 1] = toned[i + 2] = v;
                toned[i + 3] = pixels[i + 3];
            }
            pixels = toned;
        }
    }
    /* A picture with fewer pixels than the cells it is shown on (an icon, a QR code, pixel
     * art) is enlarged pixel by pixel first: chafa's smooth scaling made a 3x3 picture one
     * gradient and a QR code's modules soft rings. Each pixel becomes a block of the same
     * colour, as many cell pixels (8x16 a cell) as it covers, so its edges stay sharp. (Not a
     * picture shrunk to be blurred, whose enlarging is the blur.) */
    int pw = image->width, ph = image->height;
    uint8_t *blocky = NULL;
    if (!(flags & CP_RENDER_SMOOTH) && pw <= r.width && ph <= 2 * r.height) {
        /* Exactly the canvas's pixels, so that chafa scales nothing, and each picture pixel a
         * whole number of columns wide and of half cells high: a cell then holds at most two
         * colours, split where a half block splits it (an edge inside a cell was averaged).
         * Where the picture is enlarged by k, a whole number of at least 2, and that keeps three
         * quarters of the size that fits, every pixel is k columns by k half cells (a half cell
         * is about as tall as a column is wide), centred, the rest of the area transparent:
         * enlarged by 5.25, an 8x8 checkerboard had squares of 6, 5, 5, 5, 6... columns.
         * Otherwise the pixels fill the area, a column or half cell more here and there. */
        double scale = MIN((double)r.width / pw, (double)(2 * r.height) / ph);
        int k = (int)scale;
        int even = k >= 2 && k >= 0.75 * scale;
        int left = even ? (r.width - pw * k) / 2 : 0, top = even ? (2 * r.height - ph * k) / 2 : 0;  /* columns, half cells */
        int bw = r.width * 8, bh = r.height * 16;
        size_t n = (size_t)bw * bh * 4;
        if (n <= ((size_t)64 << 20) && (blocky = calloc(n, 1)) != NULL) {
            for (int y = 0; y < bh; y++) {
                int half = y / 8 - top;
                int py = even ? half / k : (int)((int64_t)half * ph / (2 * r.height));
                if (half < 0 || py >= ph) continue;
                const uint8_t *from = pixels + (size_t)py * pw * 4;
                uint8_t *to = blocky + (size_t)y * bw * 4;
                for (int x = left * 8; x < bw; x++) {
                    int column = x / 8 - left;
                    int px = even ? column / k : (int)((int64_t)column * pw / r.width);
                    if (px >= pw) break;
                    memcpy(to + (size_t)x * 4, from + (size_t)px * 4, 4);
                }
            }
            if (even && used) {
                /* The picture's cells: those its pixels reach. */
                used->x = r.x + left;
                used->y = r.y + top / 2;
                used->width = pw * k;
                used->height = (top + ph * k + 1) / 2 - top / 2;
            }
            pixels = blocky;
            pw = bw;
            ph = bh;
        }
    }
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, pixels, pw, ph, pw * 4);
    free(blocky);
    free(toned);

    gboolean indexed = depth == CP_DEPTH_256;
    gboolean ascii = (flags & CP_RENDER_ASCII) != 0;
    for (int y = 0; y < r.height; y++) {
        for (int x = 0; x < r.width; x++) {
            cp_cell *cell = &out[(size_t)(r.y + y) * cols + (r.x + x)];
            gunichar c = chafa_canvas_get_char_at(canvas, x, y);
            if (c == 0 || (ascii && (c < 0x20 || c > 0x7e))) c = ' ';
            cell->codepoint = c;
            cell->flags = CP_CELL_PICTURE;
            cell->fg_index = cell->bg_index = -1;
            if (depth == CP_DEPTH_NONE) {
                cell->fg_rgb = cell->bg_rgb = 0;
                cell->flags |= CP_CELL_FG_DEFAULT | CP_CELL_BG_DEFAULT;
                continue;
            }
            gint fg = -1, bg = -1;
            chafa_canvas_get_colors_at(canvas, x, y, &fg, &bg);
            /* Wholly transparent: a blank, not a glyph in the terminal's default foreground. */
            if (fg < 0 && bg < 0) cell->codepoint = ' ';
            if (fg < 0) cell->flags |= CP_CELL_FG_DEFAULT;
            if (bg < 0) cell->flags |= CP_CELL_BG_DEFAULT;
            cell->fg_rgb = fg < 0 ? 0 : (uint32_t)fg;
            cell->bg_rgb = bg < 0 ? 0 : (uint32_t)bg;
            if (indexed || palette_depth) {
                gint fi = -1, bi = -1;
                if (indexed) {
                    chafa_canvas_get_raw_colors_at(canvas, x, y, &fi, &bi);
                } else {
                    /* (A cell's colours are those of its pixels, each one of the palette's; a cell
                     * of more than two takes their mean, matched again.) */
                    fi = nearest_xterm_color((fg >> 16) & 0xff, (fg >> 8) & 0xff, fg & 0xff);
                    bi = nearest_xterm_color((bg >> 16) & 0xff, (bg >> 8) & 0xff, bg & 0xff);
                    cell->fg_rgb = fg < 0 ? 0 : xterm_rgb(fi);
                    cell->bg_rgb = bg < 0 ? 0 : xterm_rgb(bi);
                }
                /* (Eight colours: bright ones as their normal half, grey as white, which a mid
                 * grey was before.) */
                if (depth == CP_DEPTH_8) {
                    fi = fi == 8 ? 7 : fi > 8 ? fi - 8 : fi;
                    bi = bi == 8 ? 7 : bi > 8 ? bi - 8 : bi;
                }
                cell->fg_index = fg < 0 ? -1 : (int16_t)fi;
                cell->bg_index = bg < 0 ? -1 : (int16_t)bi;
            }
        }
    }
    chafa_canvas_unref(canvas);
    return 0;
}

void cp_tune_heap(void) {
    /* (glibc's; other C libraries have their own ways, or none.) Each decode's big blocks are
     * mapped and unmapped: a slideshow of 30 large PNGs spent about 0.04 s of system time a second
     * more for it (review), against a peak resident memory a half to a third. */
#if defined(M_ARENA_MAX) && defined(M_MMAP_THRESHOLD)
    mallopt(M_ARENA_MAX, 2);
    mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}
