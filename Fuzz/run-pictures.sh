#!/bin/sh
# Builds the libFuzzer target for the picture path (Fuzz/picture_fuzzer.c with the CPictures shim,
# against the system's gdk-pixbuf and chafa), then runs it.
#   Fuzz/run-pictures.sh [SECONDS]     (default 120; 0 runs until a crash or Ctrl-C)
# Findings (crash-*, leak-*, timeout-*, oom-*) land in .build-fuzz/pictures/; the growing corpus in
# .build-fuzz/pictures/corpus, seeded at every run from the test fixtures, the example pictures and
# Fuzz/pictures/regressions. Extra libFuzzer options may follow SECONDS, e.g. -jobs=4.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-120}"
if [ $# -gt 0 ]; then shift; fi
out=.build-fuzz/pictures
mkdir -p "$out/corpus"

# clang with libFuzzer: the one on PATH, else the Swift toolchain's (next to swift). lld: the default gold
# linker prints a warning per sanitizer symbol.
cc=${CC:-}
if [ -z "$cc" ]; then
    if command -v clang >/dev/null 2>&1; then cc=clang
    else cc="$(dirname "$(readlink -f "$(command -v swift)")")/clang"
    fi
fi
# shellcheck disable=SC2046  # pkg-config's words are meant to split
"$cc" -fsanitize=fuzzer,address -fuse-ld=lld -g -O1 -Wall -Wextra -Wno-unused-parameter \
    -ISources/CPictures/include -o "$out/picture-fuzzer" Fuzz/picture_fuzzer.c Sources/CPictures/cpictures.c \
    $(pkg-config --cflags --libs gdk-pixbuf-2.0 chafa)

# Seeds: copied (not linked) so that libFuzzer may rewrite the corpus without touching the tree.
for f in Tests/CarouselPicturesTests/Fixtures/*.png Tests/CarouselPicturesTests/Fixtures/*.jpg \
    Tests/CarouselPicturesTests/Fixtures/*.gif Tests/CarouselPicturesTests/Fixtures/*.bmp \
    Tests/CarouselPicturesTests/Fixtures/*.tiff Tests/CarouselPicturesTests/Fixtures/*.webp \
    Assets/examples/pictures/*.png Assets/examples/pictures/*.bmp Fuzz/pictures/regressions/*; do
    if [ -f "$f" ]; then cp "$f" "$out/corpus/seed-$(basename "$f")"; fi
done

# G_SLICE=always-malloc: GLib 2.74's slice allocator gives every thread a magazine cache, and the one
# of a GLib thread-pool worker is reported by LeakSanitizer now and then (2,032 bytes from g_malloc0
# under g_slice_free1 in the worker; not cpictures.c). Plain malloc keeps leak detection usable;
# FUZZ_LEAKS=0 turns it off altogether (see Fuzz/README.md).
G_SLICE=always-malloc
export G_SLICE
leaks=${FUZZ_LEAKS:-1}
exec "$out/picture-fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -malloc_limit_mb=1024 -detect_leaks="$leaks" -print_final_stats=1 -artifact_prefix="$out/" "$@" "$out/corpus"
