#!/usr/bin/env python3
"""Draws the example pictures in this folder, procedurally, with nothing but the standard library.

    python3 make-pictures.py          (run from anywhere; the files land next to this script)

Every picture is built from smooth gradients and large, clear shapes, so that it still reads when
the carousel reduces it to some 30 x 15 character cells. The output is deterministic: the only
randomness (stars, ridges, ripples) comes from random.Random with a fixed seed.

PNG is written here by hand (zlib level 9, a filter chosen per row); one picture is written as an
uncompressed 24-bit BMP instead, so that the folder holds more than one format.
"""
import math
import os
import random
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))

# ---------------------------------------------------------------- colours


def hexc(s):
    s = s.lstrip("#")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16))


def mix(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t)


def clamp(v, lo=0.0, hi=1.0):
    return lo if v < lo else hi if v > hi else v


def smooth(t):
    t = clamp(t)
    return t * t * (3 - 2 * t)


def gradient(stops):
    """stops: [(position 0..1, "#rrggbb"), ...] -> function t -> colour (smoothstep between stops)."""
    stops = [(p, hexc(c)) for p, c in stops]

    def at(t):
        if t <= stops[0][0]:
            return stops[0][1]
        for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
            if t <= p1:
                return mix(c0, c1, smooth((t - p0) / (p1 - p0)))
        return stops[-1][1]

    return at


def hsv(h, s, v):
    h = (h % 1.0) * 6
    i = int(h)
    f = h - i
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    r, g, b = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i % 6]
    return (r * 255, g * 255, b * 255)


# ---------------------------------------------------------------- canvas


class Canvas:
    def __init__(self, width, height):
        self.w, self.h = width, height
        self.px = [(0.0, 0.0, 0.0)] * (width * height)

    def shade(self, fn, box=None):
        """Sets every pixel (in box: x0, y0, x1, y1) to fn(x, y) at the pixel's centre."""
        x0, y0, x1, y1 = self._box(box)
        w = self.w
        for y in range(y0, y1):
            for x in range(x0, x1):
                self.px[y * w + x] = fn(x + 0.5, y + 0.5)

    def blend(self, i, colour, alpha):
        if alpha <= 0:
            return
        if alpha >= 1:
            self.px[i] = colour
            return
        r, g, b = self.px[i]
        self.px[i] = (r + (colour[0] - r) * alpha, g + (colour[1] - g) * alpha, b + (colour[2] - b) * alpha)

    def add(self, i, colour, amount):
        r, g, b = self.px[i]
        self.px[i] = (r + colour[0] * amount, g + colour[1] * amount, b + colour[2] * amount)

    def _box(self, box):
        if box is None:
            return 0, 0, self.w, self.h
        x0, y0, x1, y1 = box
        return (max(0, int(math.floor(x0))), max(0, int(math.floor(y0))),
                min(self.w, int(math.ceil(x1))), min(self.h, int(math.ceil(y1))))

    def paint(self, coverage, box, colour, alpha=1.0):
        """coverage(x, y) -> 0..1 at pixel centres inside box; colour a tuple or fn(x, y)."""
        x0, y0, x1, y1 = self._box(box)
        call = callable(colour)
        for y in range(y0, y1):
            for x in range(x0, x1):
                c = coverage(x + 0.5, y + 0.5)
                if c > 0:
                    self.blend(y * self.w + x, colour(x + 0.5, y + 0.5) if call else colour, c * alpha)

    def disc(self, cx, cy, r, colour, alpha=1.0):
        def cov(x, y):
            return clamp(r - math.hypot(x - cx, y - cy) + 0.5)

        self.paint(cov, (cx - r - 1, cy - r - 1, cx + r + 1, cy + r + 1), colour, alpha)

    def ellipse(self, cx, cy, rx, ry, colour, alpha=1.0, angle=0.0):
        ca, sa = math.cos(angle), math.sin(angle)
        m = max(rx, ry)

        def cov(x, y):
            dx, dy = x - cx, y - cy
            u, v = dx * ca + dy * sa, -dx * sa + dy * ca
            d = math.hypot(u / rx, v / ry)
            # distance to the edge in pixels, roughly
            return clamp((1 - d) * min(rx, ry) + 0.5)

        self.paint(cov, (cx - m - 1, cy - m - 1, cx + m + 1, cy + m + 1), colour, alpha)

    def glow(self, cx, cy, radius, colour, strength, power=2.0):
        """Adds light that falls off from (cx, cy) to nothing at radius."""
        x0, y0, x1, y1 = self._box((cx - radius, cy - radius, cx + radius, cy + radius))
        for y in range(y0, y1):
            for x in range(x0, x1):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy) / radius
                if d < 1:
                    self.add(y * self.w + x, colour, strength * (1 - d) ** power)

    def polygon(self, points, colour, alpha=1.0, sub=4):
        """Fills a polygon (even-odd), anti-aliased: `sub` sample rows per pixel, exact coverage
        along each row."""
        ys = [p[1] for p in points]
        y0, y1 = max(0, int(math.floor(min(ys)))), min(self.h, int(math.ceil(max(ys))))
        edges = []
        n = len(points)
        for i in range(n):
            (ax, ay), (bx, by) = points[i], points[(i + 1) % n]
            if ay != by:
                edges.append((ax, ay, bx, by))
        call = callable(colour)
        for y in range(y0, y1):
            acc = {}
            for k in range(sub):
                sy = y + (k + 0.5) / sub
                xs = []
                for ax, ay, bx, by in edges:
                    if (ay <= sy < by) or (by <= sy < ay):
                        xs.append(ax + (sy - ay) * (bx - ax) / (by - ay))
                xs.sort()
                for j in range(0, len(xs) - 1, 2):
                    xa, xb = max(0.0, xs[j]), min(float(self.w), xs[j + 1])
                    if xb <= xa:
                        continue
                    ia, ib = int(xa), int(xb)
                    if ia == ib:
                        acc[ia] = acc.get(ia, 0.0) + (xb - xa) / sub
                        continue
                    acc[ia] = acc.get(ia, 0.0) + (ia + 1 - xa) / sub
                    for x in range(ia + 1, ib):
                        acc[x] = acc.get(x, 0.0) + 1.0 / sub
                    if ib < self.w:
                        acc[ib] = acc.get(ib, 0.0) + (xb - ib) / sub
            for x, c in acc.items():
                col = colour(x + 0.5, y + 0.5) if call else colour
                self.blend(y * self.w + x, col, min(1.0, c) * alpha)

    def line(self, x0, y0, x1, y1, width, colour, alpha=1.0):
        dx, dy = x1 - x0, y1 - y0
        length = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / length * width / 2, dx / length * width / 2
        self.polygon([(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)],
                     colour, alpha)

    def rgb_rows(self):
        """Rows of bytes, top to bottom, RGB."""
        out = []
        for y in range(self.h):
            row = bytearray(self.w * 3)
            for x in range(self.w):
                r, g, b = self.px[y * self.w + x]
                row[3 * x] = int(clamp(r, 0, 255) + 0.5) if r < 255 else 255
                row[3 * x + 1] = int(clamp(g, 0, 255) + 0.5) if g < 255 else 255
                row[3 * x + 2] = int(clamp(b, 0, 255) + 0.5) if b < 255 else 255
            out.append(bytes(row))
        return out


# ---------------------------------------------------------------- file formats


def _paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def write_png(path, canvas):
    rows = canvas.rgb_rows()
    bpp = 3
    prev = bytes(len(rows[0]))
    raw = bytearray()
    for row in rows:
        candidates = []
        n = len(row)
        # 0 None, 1 Sub, 2 Up, 3 Average, 4 Paeth
        for ftype in range(5):
            f = bytearray(n)
            for i in range(n):
                a = row[i - bpp] if i >= bpp else 0
                b = prev[i]
                c = prev[i - bpp] if i >= bpp else 0
                pred = (0, a, b, (a + b) >> 1, _paeth(a, b, c))[ftype]
                f[i] = (row[i] - pred) & 0xFF
            score = sum(v if v < 128 else 256 - v for v in f)
            candidates.append((score, ftype, f))
        score, ftype, f = min(candidates, key=lambda c: (c[0], c[1]))
        raw.append(ftype)
        raw += f
        prev = row

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", canvas.w, canvas.h, 8, 2, 0, 0, 0)
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
                + chunk(b"IEND", b""))


def write_bmp(path, canvas):
    """24-bit BMP, BITMAPINFOHEADER, rows bottom-up, each padded to 4 bytes."""
    rows = canvas.rgb_rows()
    stride = (canvas.w * 3 + 3) & ~3
    pixels = bytearray()
    for row in reversed(rows):
        bgr = bytearray(row)
        bgr[0::3], bgr[2::3] = row[2::3], row[0::3]
        pixels += bgr + bytes(stride - len(bgr))
    header = struct.pack("<2sIHHI", b"BM", 14 + 40 + len(pixels), 0, 0, 14 + 40)
    info = struct.pack("<IiiHHIIiiII", 40, canvas.w, canvas.h, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    with open(path, "wb") as f:
        f.write(header + info + pixels)


# ---------------------------------------------------------------- shapes


def ridge(rng, x0, x1, base, rough, steps, peaks=()):
    """A mountain ridge: midpoint displacement from x0 to x1 around height `base`; peaks is a list
    of (x, y) points the ridge passes through. Returns [(x, y), ...] left to right."""
    anchors = [(x0, base)] + sorted(peaks) + [(x1, base)]
    points = [anchors[0]]
    for (ax, ay), (bx, by) in zip(anchors, anchors[1:]):
        seg = [(ax, ay), (bx, by)]
        amp = rough * (bx - ax) / (x1 - x0)
        for _ in range(steps):
            nxt = [seg[0]]
            for (px, py), (qx, qy) in zip(seg, seg[1:]):
                nxt.append(((px + qx) / 2, (py + qy) / 2 + rng.uniform(-amp, amp)))
                nxt.append((qx, qy))
            seg = nxt
            amp *= 0.55
        points += seg[1:]
    return points


def stars(canvas, rng, count, y_max, avoid=None, big=0.1):
    for _ in range(count):
        x, y = rng.uniform(0, canvas.w), rng.uniform(0, y_max) ** 1.15 * y_max ** -0.15
        if avoid and avoid(x, y):
            continue
        b = rng.uniform(0.45, 1.0)
        colour = mix((255, 255, 255), rng.choice([(255, 230, 180), (190, 210, 255)]), 0.4)
        if rng.random() < big:
            canvas.glow(x, y, 6, colour, 0.9 * b, 2.5)
            canvas.disc(x, y, 1.3, colour, b)
        else:
            canvas.disc(x, y, 0.8, colour, b)


# ---------------------------------------------------------------- the pictures


def sunset():
    """The sun setting into a calm sea, its light laid on the water, a sailing boat."""
    W, H = 480, 360
    c = Canvas(W, H)
    horizon = 212
    sky = gradient([(0.0, "#1c1046"), (0.3, "#4b2470"), (0.58, "#b8406a"), (0.8, "#f47c48"), (1.0, "#ffc86e")])
    c.shade(lambda x, y: sky(y / horizon), (0, 0, W, horizon))
    sun_x, sun_y, sun_r = 240, 196, 58
    c.glow(sun_x, sun_y, 200, (255, 150, 70), 0.55, 1.8)
    sun = gradient([(0.0, "#fffbe0"), (0.55, "#ffe08a"), (1.0, "#ff9a3c")])
    c.paint(lambda x, y: clamp(sun_r - math.hypot(x - sun_x, y - sun_y) + 0.5),
            (sun_x - sun_r - 1, sun_y - sun_r - 1, sun_x + sun_r + 1, horizon),
            lambda x, y: sun((y - (sun_y - sun_r)) / (1.3 * sun_r)))
    # Long thin clouds, dark above, lit from below by the sun.
    for cx, cy, rx, ry in [(110, 78, 120, 9), (350, 58, 150, 8), (400, 122, 95, 7), (70, 146, 80, 6),
                           (250, 104, 70, 5)]:
        c.ellipse(cx, cy, rx, ry, (92, 40, 98), 0.85)
        c.ellipse(cx + 6, cy + ry * 0.55, rx * 0.85, ry * 0.45, (255, 150, 110), 0.55)
    # The sea mirrors the sky, darker, deepening towards the viewer.
    sea = gradient([(0.0, "#b5506a"), (0.12, "#6a2c62"), (0.5, "#2c1848"), (1.0, "#0d0a24")])
    c.shade(lambda x, y: sea((y - horizon) / (H - horizon)), (0, horizon, W, H))
    # The sun's path on the water: a column of light that widens towards the viewer, broken into
    # broad bands (thin ripples would vanish at the size of a character cell), and a few glints.
    rng = random.Random(7)
    for y in range(horizon, H):
        t = (y + 0.5 - horizon) / (H - horizon)
        half = 34 + 80 * t
        phase = 2 * math.pi * (y - horizon) / (5 + 16 * t) ** 0.9
        band = (0.5 + 0.5 * math.sin(phase)) ** 2
        for x in range(W):
            d = (x + 0.5 - sun_x) / half
            if abs(d) < 2.2:
                k = math.exp(-d * d * 1.6) * (0.3 + 0.7 * band) * (1.0 - 0.45 * t)
                c.add(y * W + x, mix((255, 228, 150), (255, 130, 80), clamp(abs(d) * 0.7 + t * 0.3)), k * 0.9)
    for _ in range(18):
        t = rng.random() ** 1.3
        y = horizon + 3 + t * (H - horizon - 8)
        half = 34 + 80 * t
        x = sun_x + rng.gauss(0, 0.35) * half
        length = rng.uniform(14, 30) * (1 + t)
        thick = 2 + 3 * t
        c.polygon([(x - length / 2, y), (x + length / 2, y), (x + length / 2 - 3, y + thick),
                   (x - length / 2 + 3, y + thick)], (255, 218, 150), 0.6)
    # A sailing boat on the left, a silhouette.
    ink = (26, 12, 36)
    bx, by = 112, 246
    c.polygon([(bx - 34, by), (bx + 38, by), (bx + 28, by + 11), (bx - 26, by + 11)], ink)
    c.polygon([(bx + 2, by - 4), (bx + 2, by - 76), (bx + 34, by - 4)], ink)
    c.polygon([(bx - 3, by - 10), (bx - 3, by - 64), (bx - 28, by - 10)], ink)
    c.line(bx, by, bx, by - 80, 2.4, ink)
    c.polygon([(bx - 30, by + 13), (bx + 34, by + 13), (bx + 22, by + 16), (bx - 20, by + 16)], (120, 50, 90), 0.5)
    # Two gulls.
    for gx, gy, s in [(330, 150, 13), (362, 168, 9)]:
        c.line(gx - s, gy - s * 0.45, gx, gy, 2.2, ink)
        c.line(gx, gy, gx + s, gy - s * 0.5, 2.2, ink)
    return c


def mountains():
    """Snow peaks under a crescent moon and stars, mirrored in a still lake, pines in front."""
    W, H = 480, 360
    c = Canvas(W, H)
    shore = 262
    sky = gradient([(0.0, "#04081c"), (0.45, "#0d2350"), (0.8, "#2a5683"), (1.0, "#4d86a6")])
    c.shade(lambda x, y: sky(y / shore), (0, 0, W, shore))
    rng = random.Random(11)
    moon_x, moon_y, moon_r = 370, 70, 36
    stars(c, rng, 150, 200, avoid=lambda x, y: math.hypot(x - moon_x, y - moon_y) < 66, big=0.2)
    c.glow(moon_x, moon_y, 110, (150, 180, 230), 0.35, 2.2)
    # A crescent: the moon's disc less a disc of sky offset towards the upper right.
    def crescent(x, y):
        inside = clamp(moon_r - math.hypot(x - moon_x, y - moon_y) + 0.5)
        shadow = clamp(moon_r * 0.9 - math.hypot(x - moon_x - 16, y - moon_y + 10) + 0.5)
        return inside * (1 - shadow)
    c.paint(crescent, (moon_x - moon_r - 1, moon_y - moon_r - 1, moon_x + moon_r + 1, moon_y + moon_r + 1),
            (250, 244, 214))

    far = ridge(rng, -10, W + 10, 170, 30, 6, [(120, 70), (250, 108), (330, 84), (430, 128)])
    caps = [(120, 70, 52), (250, 108, 22), (330, 84, 40), (430, 128, 16)]  # peak x, y, snow depth

    def far_colour(x, y):
        # Snow on each peak down to a ragged line, blue rock below, darker lower down.
        line = max(py + depth - 0.9 * abs(x - px) for px, py, depth in caps)
        line += 5 * math.sin(x / 9.0) + 2.5 * math.sin(x / 4.1)
        if y < line:
            return mix((238, 244, 255), (178, 196, 230), clamp((y - 70) / 70))
        return mix((92, 122, 164), (54, 80, 120), clamp((y - 80) / 110))

    c.polygon(far + [(W + 10, shore), (-10, shore)], far_colour)
    mid = ridge(rng, -10, W + 10, 200, 36, 6, [(60, 152), (190, 176), (300, 150), (420, 190)])
    c.polygon(mid + [(W + 10, shore), (-10, shore)],
              lambda x, y: mix((44, 70, 104), (26, 44, 72), clamp((y - 150) / 100)))
    near = ridge(rng, -10, W + 10, 238, 20, 6, [(140, 226), (380, 216)])
    c.polygon(near + [(W + 10, shore), (-10, shore)], (16, 30, 50))
    # Pines on the near shore.
    for tx, th in [(28, 70), (52, 52), (76, 84), (98, 58), (404, 64), (428, 90), (452, 60), (470, 76)]:
        base = shore + 2
        c.polygon([(tx - 1.5, base), (tx + 1.5, base), (tx + 1.5, base - 10), (tx - 1.5, base - 10)], (8, 14, 20))
        for k in range(4):
            top = base - th + k * th * 0.2
            half = th * (0.16 + 0.07 * k)
            c.polygon([(tx, top), (tx + half, top + th * 0.3), (tx - half, top + th * 0.3)], (10, 22, 30))
    # The lake: the picture above mirrored, darker and bluer, with ripples.
    for y in range(shore, H):
        src = 2 * shore - y - 1
        if src < 0:
            break
        depth = (y - shore) / (H - shore)
        for x in range(W):
            wobble = int(round(1.5 * math.sin(y * 0.9 + x * 0.05)))
            r, g, b = c.px[src * W + min(W - 1, max(0, x + wobble))]
            k = 0.62 - 0.25 * depth
            c.px[y * W + x] = (r * k + 6, g * k + 14, b * k + 30)
    for _ in range(70):
        y = rng.uniform(shore + 4, H)
        x = rng.uniform(0, W)
        length = rng.uniform(10, 40) * (1 + (y - shore) / 60)
        c.line(x, y, x + length, y, 1.0, (160, 190, 220), 0.18)
    c.line(0, shore + 0.5, W, shore + 0.5, 1.2, (120, 150, 180), 0.35)
    return c


def lighthouse():
    """A striped lighthouse on a cliff at dusk, its beams sweeping over the sea."""
    W, H = 360, 480
    c = Canvas(W, H)
    horizon = 332
    sky = gradient([(0.0, "#141a3e"), (0.35, "#3b2f6e"), (0.68, "#b25479"), (0.88, "#f08a6a"), (1.0, "#f9c27a")])
    c.shade(lambda x, y: sky(y / horizon), (0, 0, W, horizon))
    rng = random.Random(5)
    stars(c, rng, 45, 150, big=0.15)
    sea = gradient([(0.0, "#a0607a"), (0.1, "#4a4a7a"), (0.45, "#213a5e"), (1.0, "#0b1a30")])
    c.shade(lambda x, y: sea((y - horizon) / (H - horizon)), (0, horizon, W, H))
    for _ in range(60):
        y = rng.uniform(horizon + 3, H)
        t = (y - horizon) / (H - horizon)
        x = rng.uniform(-20, W)
        c.line(x, y, x + rng.uniform(10, 40) * (1 + 2 * t), y, 1 + 1.5 * t, (200, 170, 200), 0.22)
    # The lantern and its beams (drawn before the tower, which stands in front of them).
    lx, ly = 244, 128
    for angle, spread, length, strength in [(math.pi * 0.985, 0.09, 360, 0.55), (math.pi * 0.03, 0.08, 160, 0.45)]:
        ux, uy = math.cos(angle), math.sin(angle)

        def light(x, y, ux=ux, uy=uy, spread=spread, length=length, strength=strength):
            dx, dy = x - lx, y - ly
            along = dx * ux + dy * uy
            if along <= 0:
                return 0.0
            across = abs(-dx * uy + dy * ux) / (along * math.tan(spread) + 3)
            return strength * clamp(1.4 - across) * (1 - clamp(along / length)) ** 1.2

        x0, x1 = (0, lx) if ux < 0 else (lx, W)
        for y in range(0, horizon):
            for x in range(int(x0), int(x1)):
                a = light(x + 0.5, y + 0.5)
                if a > 0:
                    c.add(y * W + x, (255, 228, 160), a)
    c.glow(lx, ly, 70, (255, 210, 120), 0.8, 2.0)
    # The cliff: dark rock with strata and a grassy top.
    cliff = [(100, H), (112, 388), (128, 352), (140, 320), (156, 300), (176, 286), (210, 280), (260, 278),
             (300, 284), (330, 276), (W + 2, 270), (W + 2, H)]
    c.polygon(cliff, lambda x, y: mix((62, 48, 78), (30, 22, 42), clamp((y - 280) / 140 + (360 - x) / 600)))

    def cliff_edge(y):  # the cliff's left edge at height y
        for (ax, ay), (bx, by) in zip(cliff, cliff[1:]):
            if by <= y <= ay:
                return ax + (bx - ax) * (y - ay) / (by - ay)
        return W

    for i in range(8):  # strata
        y0 = 318 + i * 20
        c.line(cliff_edge(y0) + 3, y0, W, y0 + 10 * math.sin(i * 1.7), 2, (24, 16, 34), 0.4)
    c.polygon([(150, 304), (176, 284), (210, 278), (260, 276), (300, 282), (330, 274), (W + 2, 268),
               (W + 2, 280), (330, 287), (300, 294), (260, 288), (210, 290), (178, 296)],
              (58, 92, 62))
    # Surf at the foot of the cliff.
    for i in range(10):
        y = 420 + i * 6 + rng.uniform(-2, 2)
        x = cliff_edge(y) - 6 - i * 1.5
        c.ellipse(x, y, 8 + rng.uniform(0, 10) + i, 2.0, (230, 232, 246), 0.55 - 0.03 * i)
    # The tower: tapering, white with red bands, lit from the left (the sunset side).
    base_y, top_y, cx = 282, 150, 244
    bw, tw = 30, 20

    def half_at(y):
        return tw + (bw - tw) * (y - top_y) / (base_y - top_y)

    def tower(x, y):
        half = half_at(y)
        u = clamp((x - (cx - half)) / (2 * half))
        light = 1.05 - 0.55 * u ** 1.4
        band = int((y - top_y) / 26) % 2 == 1
        col = (214, 52, 58) if band else (246, 240, 236)
        return (col[0] * light, col[1] * light, col[2] * light)

    c.polygon([(cx - tw, top_y), (cx + tw, top_y), (cx + bw, base_y), (cx - bw, base_y)], tower)
    c.polygon([(cx - 8, base_y), (cx + 8, base_y), (cx + 8, base_y - 22), (cx - 8, base_y - 22)], (60, 40, 50))
    c.disc(cx, base_y - 22, 8, (60, 40, 50))
    # Gallery, lantern room, roof.
    c.polygon([(cx - 27, top_y - 6), (cx + 27, top_y - 6), (cx + 27, top_y + 1), (cx - 27, top_y + 1)], (40, 32, 44))
    c.polygon([(cx - 15, top_y - 38), (cx + 15, top_y - 38), (cx + 15, top_y - 6), (cx - 15, top_y - 6)],
              lambda x, y: mix((255, 252, 220), (255, 200, 90), abs(x - cx) / 15))
    for k in (-8, 8):
        c.line(cx + k, top_y - 38, cx + k, top_y - 6, 1.5, (60, 44, 50), 0.8)
    c.polygon([(cx - 20, top_y - 38), (cx, top_y - 60), (cx + 20, top_y - 38)], (150, 36, 46))
    c.line(cx, top_y - 60, cx, top_y - 72, 2, (40, 32, 44))
    c.disc(cx, top_y - 73, 2.5, (40, 32, 44))
    # The keeper's cottage.
    hx, hy = 300, 281
    c.polygon([(hx - 22, hy), (hx + 26, hy), (hx + 26, hy - 26), (hx - 22, hy - 26)],
              lambda x, y: mix((232, 226, 224), (170, 160, 172), (x - hx + 22) / 48))
    c.polygon([(hx - 27, hy - 24), (hx + 2, hy - 46), (hx + 31, hy - 24)], (126, 38, 50))
    c.polygon([(hx - 8, hy - 8), (hx + 2, hy - 8), (hx + 2, hy - 18), (hx - 8, hy - 18)], (255, 206, 110))
    return c


def balloon():
    """A striped hot-air balloon in a blue sky with clouds, green hills below."""
    W, H = 240, 320
    c = Canvas(W, H)
    sky = gradient([(0.0, "#1f5fc4"), (0.6, "#5fa6ea"), (1.0, "#b4dcf6")])
    c.shade(lambda x, y: sky(y / H))

    def cloud(cx, cy, s):
        """Round puffs on a flat base, white above, blue-grey towards the base."""
        blobs = [(-1.6, 0.3, 0.7), (-0.8, -0.25, 0.95), (0.2, -0.55, 1.15), (1.2, -0.15, 0.9), (2.0, 0.3, 0.65)]
        base = cy + 0.75 * s

        def cov(x, y):
            inside = max(clamp(r * s - math.hypot(x - cx - bx * s, y - cy - by * s) + 0.5) for bx, by, r in blobs)
            return inside * clamp(base - y + 0.5)

        c.paint(cov, (cx - 2.4 * s, cy - 1.8 * s, cx + 2.8 * s, base + 1),
                lambda x, y: mix((255, 255, 255), (196, 212, 234), clamp((y - cy + 0.3 * s) / (1.05 * s))))

    cloud(40, 70, 17)
    cloud(196, 190, 13)
    cloud(52, 230, 9)
    # A small balloon far away.
    c.disc(200, 68, 13, (250, 200, 60))
    c.polygon([(189, 74), (211, 74), (203, 88), (197, 88)], (250, 200, 60))
    c.polygon([(195, 90), (205, 90), (204, 96), (196, 96)], (110, 70, 40))
    c.ellipse(196, 64, 4, 6, (255, 240, 170), 0.6)
    # Hills.
    c.polygon([(0, 268), (40, 258), (100, 262), (160, 252), (210, 258), (W, 254), (W, H), (0, H)],
              lambda x, y: mix((120, 176, 96), (84, 140, 70), clamp((y - 252) / 60)))
    c.polygon([(0, 290), (60, 280), (130, 288), (190, 276), (W, 282), (W, H), (0, H)],
              lambda x, y: mix((86, 150, 66), (50, 106, 46), clamp((y - 276) / 44)))
    # The envelope: a circle that narrows into a cone; gores of colour follow the curve.
    cx, cy, R = 116, 118, 64
    neck_y, neck_half = 212, 16

    def half_width(y):
        if y <= cy:
            return math.sqrt(max(0.0, R * R - (y - cy) ** 2))
        t = (y - cy) / (neck_y - cy)
        return R + (neck_half - R) * (t ** 1.5)

    outline = []
    steps = 48
    for i in range(steps + 1):
        y = cy - R + (neck_y - (cy - R)) * i / steps
        outline.append((cx + half_width(y), y))
    outline += [(cx - x + cx, y) for x, y in reversed(outline)]
    colours = [(226, 52, 64), (250, 196, 52), (38, 110, 200), (250, 196, 52)]

    def envelope(x, y):
        hw = max(1.0, half_width(y))
        u = clamp((x - cx) / hw, -0.999, 0.999)
        angle = math.asin(u)  # -pi/2 .. pi/2 across the visible half
        gore = int(math.floor((angle / math.pi + 0.5) * 8)) % len(colours)
        col = colours[gore]
        # light from the upper left
        ny = clamp((y - cy) / R, -1, 1)
        light = 0.5 + 0.6 * clamp(0.5 - 0.55 * u - 0.35 * ny, 0, 1)
        return (col[0] * light, col[1] * light, col[2] * light)

    c.polygon(outline, envelope)
    c.ellipse(cx - 24, cy - 30, 9, 15, (255, 255, 255), 0.35, angle=0.5)
    # Ropes and basket.
    for sx, ex in [(-neck_half, -9), (-5, -3), (5, 3), (neck_half, 9)]:
        c.line(cx + sx, neck_y, cx + ex, 236, 1.3, (70, 50, 40), 0.9)
    c.polygon([(cx - 11, 236), (cx + 11, 236), (cx + 9, 254), (cx - 9, 254)],
              lambda x, y: (150, 100, 52) if int(y) % 5 else (110, 70, 36))
    c.line(cx - 12, 236.5, cx + 12, 236.5, 2.2, (90, 58, 30))
    return c


def test_card():
    """A colour wheel on a test card: hues around, saturation outwards, colour bars, a grey ramp."""
    W, H = 480, 360
    c = Canvas(W, H)
    c.shade(lambda x, y: mix((28, 30, 44), (54, 58, 80), clamp((x + y) / (W + H))))
    # Corner checks in grey steps.
    for i in range(6):
        for j in range(4):
            g = 60 + 28 * ((i + j) % 2)
            c.polygon([(8 + i * 12, 8 + j * 12), (20 + i * 12, 8 + j * 12), (20 + i * 12, 20 + j * 12),
                       (8 + i * 12, 20 + j * 12)], (g, g, g + 8))
            c.polygon([(W - 80 + i * 12, 8 + j * 12), (W - 68 + i * 12, 8 + j * 12),
                       (W - 68 + i * 12, 20 + j * 12), (W - 80 + i * 12, 20 + j * 12)], (g, g, g + 8))
    cx, cy, R = 240, 146, 120
    c.disc(cx, cy, R + 6, (236, 236, 240))
    c.disc(cx, cy, R + 2, (20, 20, 28))

    def wheel(x, y):
        dx, dy = x - cx, y - cy
        hue = (math.atan2(-dy, dx) / (2 * math.pi)) % 1.0
        sat = clamp(math.hypot(dx, dy) / R) ** 0.8
        return hsv(hue, sat, 1.0)

    c.paint(lambda x, y: clamp(R - math.hypot(x - cx, y - cy) + 0.5), (cx - R - 1, cy - R - 1, cx + R + 1, cy + R + 1),
            wheel)
    # Crosshair.
    c.line(cx - R - 18, cy, cx - R + 10, cy, 2, (236, 236, 240))
    c.line(cx + R - 10, cy, cx + R + 18, cy, 2, (236, 236, 240))
    # Colour bars and a smooth grey ramp.
    bars = ["#ffffff", "#ffff00", "#00ffff", "#00ff00", "#ff00ff", "#ff0000", "#0000ff", "#000000"]
    top, bottom = 286, 322
    bw = W / len(bars)
    for i, b in enumerate(bars):
        c.polygon([(i * bw, top), ((i + 1) * bw, top), ((i + 1) * bw, bottom), (i * bw, bottom)], hexc(b))
    c.shade(lambda x, y: (255 * x / W,) * 3, (0, bottom, W, H))
    # Two rainbow strips down the sides.
    c.shade(lambda x, y: hsv((y - 50) / 230, 0.85, 0.95), (20, 60, 44, 270))
    c.shade(lambda x, y: hsv(1 - (y - 50) / 230, 0.85, 0.95), (W - 44, 60, W - 20, 270))
    return c


def cat():
    """A black cat sitting on a garden wall in front of a full moon."""
    W, H = 360, 480
    c = Canvas(W, H)
    sky = gradient([(0.0, "#0a1230"), (0.5, "#1d3566"), (1.0, "#3c5f8e")])
    c.shade(lambda x, y: sky(y / 380))
    rng = random.Random(3)
    mx, my, mr = 180, 196, 118
    stars(c, rng, 60, 330, avoid=lambda x, y: math.hypot(x - mx, y - my) < mr + 40, big=0.15)
    c.glow(mx, my, mr * 2.0, (255, 220, 150), 0.4, 2.0)

    def moon(x, y):
        d = math.hypot(x - mx, y - my) / mr
        base = mix((255, 246, 206), (242, 206, 128), d ** 2)
        # faint seas
        k = 0.0
        for sx, sy, sr in [(-0.35, -0.2, 0.28), (0.2, -0.35, 0.2), (0.3, 0.25, 0.3), (-0.15, 0.45, 0.18)]:
            k = max(k, clamp(1 - math.hypot((x - mx) / mr - sx, (y - my) / mr - sy) / sr) ** 0.7)
        return mix(base, (218, 186, 130), 0.45 * k)

    c.paint(lambda x, y: clamp(mr - math.hypot(x - mx, y - my) + 0.5), (mx - mr - 1, my - mr - 1, mx + mr + 1, my + mr + 1),
            moon)
    # Rooftops far away, then the wall.
    roofs = [(0, 392), (0, 350), (40, 350), (40, 332), (58, 332), (58, 350), (100, 350), (130, 326), (160, 350),
             (230, 350), (230, 340), (250, 318), (270, 340), (300, 340), (300, 356), (330, 356), (330, 336),
             (342, 336), (342, 356), (W, 356), (W, 392)]
    c.polygon(roofs, (22, 30, 58))
    for wx, wy in [(14, 364), (78, 362), (190, 366), (262, 352), (318, 368)]:
        c.polygon([(wx, wy), (wx + 9, wy), (wx + 9, wy + 10), (wx, wy + 10)], (250, 200, 100), 0.85)
    wall_top = 392
    c.polygon([(0, wall_top), (W, wall_top), (W, H), (0, H)], lambda x, y: mix((70, 54, 62), (44, 32, 40), (y - wall_top) / 88))
    for row in range(6):
        y = wall_top + 8 + row * 15
        c.line(0, y, W, y, 1.6, (28, 20, 26), 0.8)
        off = 0 if row % 2 else 22
        for x in range(off, W + 44, 44):
            c.line(x, y, x, y + 15, 1.6, (28, 20, 26), 0.8)
    c.polygon([(0, wall_top - 8), (W, wall_top - 8), (W, wall_top + 8), (0, wall_top + 8)], (96, 80, 86))
    c.line(0, wall_top + 8, W, wall_top + 8, 2, (40, 30, 36))
    # The cat, in silhouette.
    ink = (10, 10, 16)
    sit = wall_top - 8
    c.ellipse(176, sit - 62, 56, 68, ink)                       # body
    c.polygon([(126, sit), (232, sit), (222, sit - 40), (134, sit - 40)], ink)  # haunches on the wall
    c.ellipse(186, sit - 150, 46, 40, ink)                      # head
    c.polygon([(148, sit - 168), (150, sit - 222), (182, sit - 184)], ink)   # left ear
    c.polygon([(190, sit - 186), (226, sit - 220), (224, sit - 166)], ink)   # right ear
    c.polygon([(156, sit - 172), (156, sit - 208), (176, sit - 184)], (60, 36, 50))  # inner ears
    c.polygon([(198, sit - 186), (220, sit - 208), (218, sit - 174)], (60, 36, 50))
    c.polygon([(150, sit - 130), (160, sit - 100), (200, sit - 100), (214, sit - 126)], ink)  # neck
    # The tail hangs over the wall's edge and curls.
    pts = []
    for i in range(41):
        t = i / 40
        x = 226 + 30 * math.sin(t * 2.2) + 8 * t
        y = sit - 6 + 86 * t
        pts.append((x, y))
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        c.line(x0, y0, x1, y1, 15 - 5 * ((y0 - sit) / 90), ink)
    c.disc(pts[-1][0], pts[-1][1], 5.5, ink)
    # Eyes: green almonds with slit pupils, and a glint.
    for ex in (168, 206):
        c.ellipse(ex, sit - 152, 10, 7, (150, 226, 80), 1.0, angle=0.18 if ex < 180 else -0.18)
        c.ellipse(ex, sit - 152, 2.0, 6.5, ink)
        c.disc(ex + 3, sit - 155, 1.6, (255, 255, 230))
    c.polygon([(183, sit - 134), (191, sit - 134), (187, sit - 129)], (120, 70, 80))
    for side in (-1, 1):
        for k in range(3):
            c.line(187 + side * 12, sit - 130 + k * 3, 187 + side * 48, sit - 138 + k * 8, 1.0, (200, 200, 210), 0.5)
    return c


PICTURES = [
    ("01-sunset.png", sunset),
    ("02-mountains.png", mountains),
    ("03-lighthouse.png", lighthouse),
    ("04-balloon.bmp", balloon),
    ("05-test-card.png", test_card),
    ("06-cat.png", cat),
]


def main():
    for name, draw in PICTURES:
        canvas = draw()
        path = os.path.join(HERE, name)
        (write_bmp if name.endswith(".bmp") else write_png)(path, canvas)
        print(f"{name}: {canvas.w}x{canvas.h}, {os.path.getsize(path):,} bytes")


if __name__ == "__main__":
    main()
