#!/usr/bin/env python3
"""Turns package-benchmark's text output into a short table of medians, checked against issue 7.

Reads the output of
    swift package --scratch-path ../.build-bench benchmark --grouping metric --no-progress
on standard input (a copy of it passes through to standard output first, unless --quiet), then
prints, per benchmark, the median (p50) of the wall clock and of the mallocs, and the targets:
  * a whole frame at 100x45 costs at most 100 microseconds (every style and mode, at rest and
    mid-motion);
  * layout for 1,000,000 cards costs at most 1.5x layout for 15 cards (every style);
  * no allocation per frame once the animation is running (frame/.../motion).

Exits 1 when the benchmark run itself failed (a build error, a crashed suite), so that a pipe
`swift package ... benchmark ... | python3 summarize.py` fails as it should; a missed target is
reported but is not a failure.

Standard library only.
"""

import re
import sys

UNIT_TO_NS = {"ns": 1, "μs": 1_000, "us": 1_000, "ms": 1_000_000, "s": 1_000_000_000}
SCALE = {"": 1, "K": 1_000, "M": 1_000_000, "G": 1_000_000_000}


def parse(lines):
    """Returns {metric title: {benchmark name: p50 as a number in base units}}."""
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
            value = float(cells[3])  # p0, p25, p50
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
