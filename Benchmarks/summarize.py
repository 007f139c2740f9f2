#!/usr/bin/env python3
"""Turns package-benchmark's text output into a short table of medians, checked against issue 7.

Reads the output of
    swift package --scratch-path ../.build-bench benchmark --grouping metric --no-progress
on standard input (a copy of it passes through to standard output first, unless --quiet), then
prints, per benchmark, the median (p50) of the wall clock and of the mallocs, and the targets:
  * a whole frame at 100x45 costs at most 100 microseconds (every style and mode, at rest and
    mid-motion);
  * layout for 1,000,000 cards costs at most 1.5x layout for 15 cards (every style);
  * no allocation per frame once the animation is running (frame/.../motion, terminal/...);
  * the terminal suite (terminal/...): the bytes the frame writer sends over a one-card move at most
    1.3x the UTF-8 bytes of the glyphs of the cells the move's frames change, at 100x30 and 100x45.
For the terminal suite it also prints, per style and mode, the median of a whole frame at 100x45
(layout, paint, the frame writer, write(2) to a pseudo-terminal) with its bytes and glyph bytes,
and per size the bytes / glyph bytes ratio of the move.

Exits 1 when the benchmark run itself failed (a build error, a crashed suite), so that a pipe
`swift package ... benchmark ... | python3 summarize.py` fails as it should; a missed target is
reported but is not a failure.

Standard library only.
"""

import re
import sys

UNIT_TO_NS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}
SCALE = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}


def parse(lines, column=3):
    """Returns {metric title: {benchmark name: p50 as a number in base units}} (another percentile
    with `column`: 1 is p0, 3 p50, 7 p100)."""
    tables = {}
    metric = None
    for line in lines:
        stripped = line.strip()
        if stripped and not stripped.startswith(("│", "╒", "╞", "├", "╘", "=")) and "│" not in stripped:
            metric = stripped
            continue
        if not stripped.startswith("│") or metric is None:
            continue
        cells = [c.strip() for c in stripped.strip("│").split("│")]
        if len(cells) < 4 or cells[0] in ("Test", "Metric"):
            continue
        label = cells[0].rstrip(" *")
        m = re.match(r"^(?:\w+:)?(.+?)(?: \(([^)]*)\))?$", label)
        if not m:
            continue
        name, unit = m.group(1), m.group(2) or ""
        try:
            value = float(cells[column])  # p0, p25, p50, p75, p90, p99, p100
        except ValueError:
            continue
        if unit in UNIT_TO_NS:
            value *= UNIT_TO_NS[unit]
        elif unit in SCALE:
            value *= SCALE[unit]
        tables.setdefault(metric, {})[name] = value
    return tables


def fmt_time(ns):
    if ns >= 1_000_000:
        return f"{ns / 1_000_000:.1f} ms"
    if ns >= 1_000:
        return f"{ns / 1_000:.0f} μs"
    return f"{ns:.0f} ns"


def terminal_tables(tables, highest):
    """Prints the terminal suite's figures; returns {terminal/style/mode/size: ratio of the move in
    percent} (rest to rest; over the benchmark's cycle when that is all there is)."""
    times = tables.get("Time (wall clock)", {})
    frames = {n: t for n, t in times.items() if n.startswith("terminal/")}
    if not frames:
        return {}
    sent = tables.get("bytes", {})
    glyphs = tables.get("glyphBytes", {})
    lap = tables.get("bytesPerGlyphByte%", {})
    move = tables.get("moveBytesPerGlyphByte%", {})
    mallocs = tables.get("Malloc (total)", {})
    most = highest.get("Malloc (total)", {})

    def styles_modes():
        seen = []
        for name in sorted(frames):
            key = tuple(name.split("/")[1:3])
            if key not in seen:
                seen.append(key)
        return seen

    print()
    print("Terminal: a whole frame at 100x45 as the terminal sees it (layout, paint, frame writer, write(2)"
          " to a drained pty), medians per frame")
    print()
    print(f"  {'style/mode':<16} {'frame':>9} {'mallocs':>8} {'(most)':>7} {'bytes':>7} {'glyph bytes':>12}"
          f" {'writer alone':>13}")
    for style, mode in styles_modes():
        name = f"terminal/{style}/{mode}/100x45"
        if name not in frames:
            continue
        writer = times.get(f"terminal-part/{style}/100x45/writer") if mode == "normal" else None
        print(f"  {style + '/' + mode:<16} {fmt_time(frames[name]):>9} {mallocs.get(name, 0):>8,.0f}"
              f" {most.get(name, 0):>7,.0f} {sent.get(name, 0):>7,.0f} {glyphs.get(name, 0):>12,.0f}"
              f" {fmt_time(writer) if writer else '':>13}")
    syscall = times.get("terminal-part/100x45/write-syscall")
    if syscall:
        print(f"  write(2) alone of one frame's bytes (arc, Normal, mid-move): {fmt_time(syscall)}")

    held = {n: t for n, t in times.items() if n.startswith(("terminal-held/", "terminal-paced/"))}
    if held:
        print()
        print("Terminal: the frames of a held Right (--loop, 100x45), one right after another (held) and one every"
              " 1/60 s with the thread asleep in between, as the program draws them (paced), medians per frame")
        print()
        print(f"  {'style/mode':<16} {'held':>9} {'paced':>9} {'mallocs':>8} {'(most)':>7} {'bytes':>7}")
        for style, mode in styles_modes():
            h, p = f"terminal-held/{style}/{mode}/100x45", f"terminal-paced/{style}/{mode}/100x45"
            if h not in held and p not in held:
                continue
            print(f"  {style + '/' + mode:<16} {fmt_time(held[h]) if h in held else '':>9} {fmt_time(held[p]) if p in held else '':>9}"
                  f" {mallocs.get(p, mallocs.get(h, 0)):>8,.0f} {max(most.get(p, 0), most.get(h, 0)):>7,.0f}"
                  f" {sent.get(h, sent.get(p, 0)):>7,.0f}")

    sizes = sorted({n.split("/")[3] for n in frames}, key=lambda s: tuple(int(v) for v in s.split("x")))
    print()
    print("Terminal: bytes / glyph bytes over a one-card move, rest to rest (in brackets: over the"
          " benchmark's cycle of the move's frames)")
    print()
    print(f"  {'style/mode':<16}" + "".join(f" {size:>14}" for size in sizes))
    ratios = {}
    for style, mode in styles_modes():
        row = f"  {style + '/' + mode:<16}"
        for size in sizes:
            name = f"terminal/{style}/{mode}/{size}"
            if name in move or name in lap:
                ratios[name] = move.get(name, lap.get(name))
                first = f"{move[name] / 100:.2f}" if name in move else ""
                cycle = f"({lap[name] / 100:.2f})" if name in lap else ""
                row += f" {first:>7}{cycle:>7}"
            else:
                row += f" {'':>14}"
        print(row)
    return ratios


def main():
    quiet = "--quiet" in sys.argv[1:]
    text = sys.stdin.read()
    if not quiet:
        sys.stdout.write(text)
    failed = [line for line in text.splitlines()
              if line.startswith("error:") or "job(s) failed" in line or "Benchmark failed" in line]
    tables = parse(text.splitlines())
    times = tables.get("Time (wall clock)", {})
    mallocs = tables.get("Malloc (total)", {})
    if not times:
        print("summarize.py: no 'Time (wall clock)' table found (run with --grouping metric)", file=sys.stderr)
        return 1

    print()
    print("Medians (p50), per frame / per layout / per load")
    print()
    width = max(len(n) for n in times)
    print(f"{'benchmark'.ljust(width)}  {'time':>10}  {'mallocs':>9}")
    for name in sorted(times):
        allocs = mallocs.get(name)
        allocs_text = "" if allocs is None else f"{allocs:,.0f}"
        print(f"{name.ljust(width)}  {fmt_time(times[name]):>10}  {allocs_text:>9}")

    terminal_ratios = terminal_tables(tables, parse(text.splitlines(), column=7))

    print()
    print("Targets (issue 7)")
    failures = 0

    frames = {n: t for n, t in times.items() if re.match(r"frame/[^/]+/[^/]+/100x45/", n)}
    if frames:
        worst = max(frames, key=frames.get)
        ok = frames[worst] <= 100_000
        failures += not ok
        print(f"  {'ok  ' if ok else 'MISS'} whole frame at 100x45 <= 100 μs: slowest {worst} {fmt_time(frames[worst])}"
              f", fastest {fmt_time(min(frames.values()))}")

    styles = sorted({n.split("/")[1] for n in times if n.startswith("layout/")})
    for style in styles:
        small, big = times.get(f"layout/{style}/15"), times.get(f"layout/{style}/1000000")
        if small and big:
            ratio = big / small
            ok = ratio <= 1.5
            failures += not ok
            print(f"  {'ok  ' if ok else 'MISS'} layout {style}: 1,000,000 cards / 15 cards = {ratio:.2f} (<= 1.5)"
                  f" [{fmt_time(big)} / {fmt_time(small)}]")

    moving = {n: a for n, a in mallocs.items() if n.startswith("frame/") and n.endswith("/motion")}
    if moving:
        allocating = {n: a for n, a in moving.items() if a > 0}
        ok = not allocating
        failures += not ok
        detail = "none" if ok else ", ".join(
            f"{n.split('/')[1]}/{n.split('/')[2]} {a:.0f}" for n, a in sorted(allocating.items()) if "/100x45/" in n)
        print(f"  {'ok  ' if ok else 'MISS'} no allocation per frame in motion: "
              f"{len(allocating)} of {len(moving)} benchmarks allocate (at 100x45: {detail})")
    drawn = {n: a for n, a in mallocs.items() if n.startswith("terminal/")}
    if drawn:
        allocating = sorted(n for n, a in drawn.items() if a > 0)
        ok = not allocating
        failures += not ok
        print(f"  {'ok  ' if ok else 'MISS'} no allocation per frame with the terminal's writer (median): "
              f"{len(allocating)} of {len(drawn)} benchmarks allocate" + (f" ({', '.join(allocating[:4])})" if allocating else ""))
    for size in ("100x30", "100x45"):
        ratios = {n: r for n, r in terminal_ratios.items() if n.endswith("/" + size)}
        if ratios:
            over = {n: r for n, r in ratios.items() if r > 130}
            ok = not over
            failures += not ok
            detail = ", ".join(f"{n.split('/')[1]}/{n.split('/')[2]} {r / 100:.2f}" for n, r in sorted(over.items()))
            print(f"  {'ok  ' if ok else 'MISS'} terminal bytes <= 1.3x glyph bytes over a move at {size}: "
                  f"{len(ratios) - len(over)} of {len(ratios)}" + (f" (over: {detail})" if over else ""))
    for name, value in sorted(tables.get("Sanitizer (MB/s)", {}).items()):
        print(f"  info sanitiser throughput ({name}): {value:.0f} MB/s")
    for name, value in sorted(tables.get("Memory (resident peak)", {}).items()):
        print(f"  info peak resident memory ({name}): {value / 1e6:.0f} MB")
    print("  (start-up time and bytes on the wire: see measure-output.py)")
    if failed:
        print("summarize.py: the benchmark run failed: " + "; ".join(failed[:3]), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
