#!/bin/sh
# Regenerates the picture fixtures with ImageMagick 6 (Debian package imagemagick).
# Every fixture is 40x40 pixels (so it fills exactly 20x10 and 40x20 cells), left half red,
# right half blue, unless said otherwise.
set -eu
cd "$(dirname "$0")"
IM=/usr/bin/convert
split() { $IM -size 20x40 xc:'#ff0000' -size 20x40 xc:'#0000ff' +append "$@"; }
split -strip split.png
split -strip -quality 95 -sampling-factor 1x1 split.jpg
split -strip split.tiff
split -strip split.bmp
split -strip -define webp:lossless=true split.webp
# Animated GIF: frame 1 is the split, frame 2 is all green; only frame 1 must show.
$IM -delay 50 \( -size 20x40 xc:'#ff0000' -size 20x40 xc:'#0000ff' +append \) \
    \( -size 40x40 xc:'#00ff00' \) -loop 0 split-animated.gif
# Animated WebP, the same two frames (written with Pillow, which writes WebP animations).
python3 - <<'PY'
from PIL import Image
split = Image.new("RGB", (40, 40), (0, 0, 255))
split.paste(Image.new("RGB", (20, 40), (255, 0, 0)), (0, 0))
split.save("split-animated.webp", save_all=True, append_images=[Image.new("RGB", (40, 40), (0, 255, 0))],
           duration=500, loop=0, lossless=True)
PY
# JPEG stored as 40 wide x 20 tall, red left / blue right, with EXIF orientation 6 (the viewer
# turns it 90 degrees clockwise): shown 20 wide x 40 tall, red on top, blue below.
# ImageMagick writes no EXIF block of its own, so one with just the orientation is inserted
# after the JPEG's SOI marker.
$IM -size 20x20 xc:'#ff0000' -size 20x20 xc:'#0000ff' +append -strip -quality 95 -sampling-factor 1x1 \
    rotated.tmp.jpg
python3 - <<'PY'
import struct
jpeg = open("rotated.tmp.jpg", "rb").read()
tiff = b"II*\x00" + struct.pack("<I", 8) + struct.pack("<H", 1) \
    + struct.pack("<HHII", 0x0112, 3, 1, 6) + struct.pack("<I", 0)
app1 = b"Exif\x00\x00" + tiff
open("rotated-exif6.jpg", "wb").write(jpeg[:2] + b"\xff\xe1" + struct.pack(">H", len(app1) + 2) + app1 + jpeg[2:])
PY
rm rotated.tmp.jpg
# A PNG with transparency: left half opaque red, right half fully transparent.
$IM -size 20x40 xc:'#ff0000' -size 20x40 xc:none +append -strip PNG32:half-transparent.png
# Pictures with transparency written without ImageMagick, pixel by pixel (RGBA, hard-edged):
# - disc-transparent.png: a red disc (radius 18) on a transparent 40x40 picture; its rim falls
#   inside cells at every size, where chafa leaves a glyph's part transparent;
# - disc-small-transparent.png: a smaller red disc (radius 30, 44% of the picture) on a
#   transparent 80x80 one: shrunk to be blurred, few of its pixels stayed opaque enough to draw;
# - panel-translucent.png: a translucent blue panel (alpha 100: not drawn in focus) on the left
#   half and an opaque red disc on the right of a transparent 80x80 picture: out of focus, the
#   panel must not show either.
python3 - <<'PY'
import struct, zlib
def chunk(kind, data): return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
def png(name, size, pixel):
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(size)) for y in range(size))
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))
def disc(cx, cy, r, x, y): return (x - cx) ** 2 + (y - cy) ** 2 <= r * r
red, clear = (255, 0, 0, 255), (0, 0, 0, 0)
png("disc-transparent.png", 40, lambda x, y: red if disc(20, 20, 18, x, y) else clear)
png("disc-small-transparent.png", 80, lambda x, y: red if disc(40, 40, 30, x, y) else clear)
png("panel-translucent.png", 80, lambda x, y: red if disc(60, 40, 16, x, y) else (0, 0, 255, 100) if x < 40 else clear)
PY
# A photo-like JPEG, 640 x 448 stored, EXIF orientation 6 (shown 448 x 640): waves, rings and
# lines, detail at every level of halving (PictureStoreTests: the same cells whatever came before).
python3 - <<'PY'
from PIL import Image, ImageDraw
import math
w, h = 640, 448
img = Image.new("RGB", (w, h))
px = img.load()
for y in range(h):
    for x in range(w):
        px[x, y] = (int(128 + 127 * math.sin(x / 37.0)), int(128 + 127 * math.sin(y / 23.0 + x / 91.0)), (x * 3 + y * 5) % 256)
d = ImageDraw.Draw(img)
for i in range(12):
    d.ellipse((40 + i * 60, 60 + (i % 3) * 150, 100 + i * 60, 160 + (i % 3) * 150), outline=(255, 255, 255), width=3)
    d.line((0, i * 47, w, h - i * 47), fill=(0, 0, 0), width=2)
exif = Image.Exif()
exif[0x0112] = 6
img.save("scene-exif6.jpg", quality=60, exif=exif)
PY
# Not made here: bmp-dib-size-4gib.bmp and bmp-data-offset-2gib.bmp are inputs the fuzzer
# found (Fuzz/regressions/), kept as they were.
