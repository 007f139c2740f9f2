#!/usr/bin/env python3
"""Measures what carousel really sends to a terminal, through ncurses' real output.

Runs the release binary in a pseudo-terminal (100x30 by default, TERM=xterm-256color,
LANG=C.UTF-8) and reports:

  (a) start-up: milliseconds from just before fork/exec to the first byte of output, and to the
      last byte of the first frame (the first burst of output, ended by 300 ms of quiet); the
      median of --runs fresh starts (the first one may pay for a cold page cache);
  (b) a one-card move: the bytes written from pressing Right until the output has been quiet
      for 1 s; how they split into text, cursor movement, SGR (colours, attributes, and the
      character-set reset that xterm's sgr0 carries) and editing (insert/delete/erase); the
      frames that wrote (bursts separated by at least 4 ms of quiet; frames come every ~16.7 ms
      at 60 fps, and a frame in which no cell changes writes nothing) and bytes per frame;
  (c) the minimum bytes needed for the cells that changed between the screen before the move and
      the screen after it, both printed by `carousel --render COLSxROWS [--keys right]` (the same
      code draws them), and the ratio of (b) to it, the ratio issue 7 sets a target for;
  (c') the same minimum summed over an ideal 60 fps animation of the move: the screens 1/60 s
      apart on the virtual clock (`--render ... --keys right --time k/60`), and the ratio of (b)
      to it. Every intermediate frame has to be sent too, so this is the fair yardstick for how
      well each frame is encoded; (c) also counts the animation itself;
  (d) the bytes written, and the CPU time the process used, in the 2 s after the motion ended
      (both should be 0: no frames and no timers at rest).
Everything in (b) to (d) is measured twice: with colour (the default), and with NO_COLOR=1.

The model of "minimum" in (c) and (c'):
  * The screen is split into cells; a character takes the columns Unicode gives it (East Asian
    Wide/Fullwidth: 2, combining marks: 0, others: 1). A cell changed if its character differs.
  * Each row's changed cells form maximal runs. Each run costs one absolute cursor move,
    CUP `ESC [ row ; col H` (6 to 8 bytes at these sizes), plus the UTF-8 bytes of its new
    characters.
  * Two runs on the same row are merged when re-sending the unchanged characters between them
    costs fewer bytes than a second cursor move.
  * Colours and attributes are IGNORED: --render prints text only, so the model counts no SGR
    sequence at all. A colour frame needs some (accent colours, bold, dim), so the true minimum
    with colour is higher and the colour ratios overstate the waste; the NO_COLOR=1 column is the
    like-for-like comparison (only bold, dim and reverse remain there).
  * Only rewriting is modelled. A terminal can also shift part of a row (delete/insert
    character, DCH/ICH), which ncurses does when cards slide sideways, so ncurses can come in
    under this "minimum" (a ratio below 1 is possible and is not an error).

Usage:
  python3 measure-output.py PATH/TO/carousel [--size 100x30] [--runs 5] [--style S] [--mode M] [DECK ...]

Standard library only (pty, os, select, termios, fcntl, unicodedata).
"""

import argparse
import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import time
import unicodedata

RIGHT = b"\x1bOC"   # what an xterm sends for Right once the program enables keypad mode (smkx)
QUIT = b"q"
FRAME_GAP = 0.004   # seconds of quiet that separate two frames' writes


def environment(no_color=False):
    env = dict(os.environ)
    env["TERM"] = "xterm-256color"
    env["LANG"] = "C.UTF-8"
    env.pop("LC_ALL", None)
    env.pop("CAROUSEL_REDUCE_MOTION", None)
    env.pop("NO_COLOR", None)
    env.pop("COLORTERM", None)
    if no_color:
        env["NO_COLOR"] = "1"
    return env


class Session:
    """The program running in a fresh pseudo-terminal of the given size."""

    def __init__(self, argv, cols, rows, env):
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.started = time.monotonic()
        pid = os.fork()
        if pid == 0:  # child: the pty becomes its controlling terminal and stdio
            try:
                os.close(self.master)
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                if slave > 2:
                    os.close(slave)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        os.close(slave)
        self.pid = pid
        self.chunks = []  # (monotonic time, bytes)

    def next_chunk(self, timeout):
        """The next chunk of output, or None if nothing arrives within `timeout` seconds."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return None
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the child closed the terminal
            return None
        if not data:
            return None
        chunk = (time.monotonic(), data)
        self.chunks.append(chunk)
        return chunk

    def read_for(self, duration):
        """Everything that arrives in the next `duration` seconds."""
        got = []
        deadline = time.monotonic() + duration
        while (left := deadline - time.monotonic()) > 0:
            chunk = self.next_chunk(left)
            if chunk is None:
                if time.monotonic() < deadline:
                    time.sleep(min(0.01, max(0.0, deadline - time.monotonic())))
                continue
            got.append(chunk)
        return got

    def read_until_quiet(self, quiet, limit=30.0):
        """Reads until nothing has arrived for `quiet` seconds (or `limit` passes)."""
        got = []
        end = time.monotonic() + limit
        while time.monotonic() < end:
            chunk = self.next_chunk(quiet)
            if chunk is None:
                break
            got.append(chunk)
        return got

    def write(self, data):
        os.write(self.master, data)

    def cpu_seconds(self):
        """User + system CPU time of the child so far, from /proc."""
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(fields[11]) + int(fields[12])) / ticks

    def close(self):
        try:
            self.write(QUIT)
        except OSError:
            pass
        deadline = time.monotonic() + 3
        status = None
        while time.monotonic() < deadline:
            self.read_until_quiet(0.05, limit=0.5)
            done, status = os.waitpid(self.pid, os.WNOHANG)
            if done:
                break
        else:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        os.close(self.master)
        return status


def total(chunks):
    return sum(len(data) for _, data in chunks)


def bursts(chunks, gap=FRAME_GAP):
    """Groups chunks into bursts (frames) separated by at least `gap` seconds of quiet."""
    groups = []
    last = None
    for t, data in chunks:
        if last is None or t - last >= gap:
            groups.append(0)
        groups[-1] += len(data)
        last = t
    return groups


def first_frame(argv, cols, rows, env):
    """Starts the program; returns (ms to first byte, ms to end of first frame, session)."""
    s = Session(argv, cols, rows, env)
    first = s.next_chunk(10.0)
    if first is None:
        s.close()
        raise SystemExit("carousel wrote nothing within 10 s")
    chunks = [first] + s.read_until_quiet(0.3)
    return ((chunks[0][0] - s.started) * 1000, (chunks[-1][0] - s.started) * 1000, s)


def measure_move(argv, cols, rows, env):
    """A fresh session: first frame, then Right; returns the move's and the rest's figures."""
    _, _, s = first_frame(argv, cols, rows, env)
    pressed = time.monotonic()
    s.write(RIGHT)
    move = s.read_until_quiet(1.0)
    cpu_before = s.cpu_seconds()
    idle = s.read_for(2.0)
    cpu_after = s.cpu_seconds()
    s.close()
    frames = bursts(move)
    return {
        "parts": breakdown(b"".join(data for _, data in move)),
        "bytes": total(move),
        "frames": len(frames),
        "duration_ms": (move[-1][0] - pressed) * 1000 if move else 0.0,
        "largest_frame": max(frames) if frames else 0,
        "idle_bytes": total(idle),
        "idle_cpu_ms": (cpu_after - cpu_before) * 1000,
    }


CURSOR_FINALS = set("HfdGABCDEFa`e")
EDIT_FINALS = set("@PXKJLMST")


def breakdown(data):
    """Splits terminal output into text, cursor movement, SGR (colours, attributes, charset) and
    editing (insert/delete/erase) bytes."""
    parts = {"text": 0, "cursor": 0, "sgr": 0, "edit": 0, "other": 0}
    i, n = 0, len(data)
    while i < n:
        b = data[i]
        if b == 0x1B and i + 1 < n and data[i + 1] == ord("["):
            j = i + 2
            while j < n and not (0x40 <= data[j] <= 0x7E):
                j += 1
            final = chr(data[j]) if j < n else ""
            kind = "sgr" if final == "m" else "cursor" if final in CURSOR_FINALS else "edit" if final in EDIT_FINALS else "other"
            parts[kind] += j + 1 - i
            i = j + 1
        elif b == 0x1B and i + 1 < n and data[i + 1] in b"()":
            parts["sgr"] += 3  # character set designation, part of xterm's sgr0
            i += 3
        elif b == 0x1B:
            parts["other"] += 2
            i += 2
        elif b in (0x0D, 0x0A, 0x08):
            parts["cursor"] += 1
            i += 1
        else:
            parts["text"] += 1
            i += 1
    return parts


def cells(line):
    """Splits a rendered line into cells: a wide character fills its cell and a None after it."""
    out = []
    for ch in line:
        if unicodedata.combining(ch) and out:
            if out[-1] is None:
                out[-2] += ch
            else:
                out[-1] += ch
            continue
        out.append(ch)
        if unicodedata.east_asian_width(ch) in ("W", "F"):
            out.append(None)
    return out


def cup(row, col):
    return len(f"\x1b[{row + 1};{col + 1}H".encode())


def minimum_bytes(before, after, cols):
    """The lower-bound model described at the top of this file. Returns (bytes, cells changed)."""
    total_bytes = 0
    changed_cells = 0
    for row, (old_line, new_line) in enumerate(zip(before, after)):
        old, new = cells(old_line), cells(new_line)
        width = max(len(old), len(new), cols)
        old += [" "] * (width - len(old))
        new += [" "] * (width - len(new))

        def text_bytes(lo, hi):
            return sum(len(c.encode()) for c in new[lo:hi] if c is not None)

        runs = []
        x = 0
        while x < width:
            if old[x] == new[x]:
                x += 1
                continue
            start = x
            if new[start] is None and start > 0:  # never start on the second half of a wide glyph
                start -= 1
            while x < width and old[x] != new[x]:
                x += 1
            if x < width and new[x] is None:
                x += 1
            runs.append([start, x])
        changed_cells += sum(1 for a, b in zip(old, new) if a != b)
        if not runs:
            continue
        merged = [runs[0]]
        for start, end in runs[1:]:
            gap_start = merged[-1][1]
            if text_bytes(gap_start, start) < cup(row, start):
                merged[-1][1] = end
            else:
                merged.append([start, end])
        for start, end in merged:
            total_bytes += cup(row, start) + text_bytes(start, end)
    return total_bytes, changed_cells


def render(binary, size, keys, decks, env, time=None):
    argv = [binary, "--render", size] + (["--keys", keys] if keys else []) + decks
    if time is not None:
        argv += ["--time", f"{time:.6f}"]
    result = subprocess.run(argv, env=env, capture_output=True, check=True)
    return result.stdout.decode("utf-8").split("\n")


def animated_minimum(binary, size, decks, env, cols, fps=60, limit=1.5):
    """The same model summed over an ideal animation of the move: the screens 1/fps apart on
    the virtual clock (`--keys right --time k/fps`). Returns (bytes, frames that change)."""
    final = render(binary, size, "right", decks, env)
    previous = render(binary, size, "right", decks, env, time=0.0)
    total_bytes, frames, k = 0, 0, 0
    while k < limit * fps:
        k += 1
        screen = render(binary, size, "right", decks, env, time=k / fps)
        cost, changed = minimum_bytes(previous, screen, cols)
        if changed:
            total_bytes += cost
            frames += 1
        previous = screen
        if screen == final and k / fps >= 0.5:
            # Settled: any later change would show up as a difference from the final screen.
            break
    return total_bytes, frames


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the release binary, e.g. .build/release/carousel")
    parser.add_argument("decks", nargs="*", help="deck paths (default: the built-in deck)")
    parser.add_argument("--size", default="100x30", help="COLSxROWS (default 100x30)")
    parser.add_argument("--runs", type=int, default=5, help="fresh starts for the start-up time (default 5)")
    parser.add_argument("--style", help="carousel's --style (default: its own default)")
    parser.add_argument("--mode", help="carousel's --mode (default: its own default)")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    cols, rows = (int(v) for v in args.size.lower().split("x"))
    options = (["--style", args.style] if args.style else []) + (["--mode", args.mode] if args.mode else [])
    # Options go before the deck paths, in the interactive runs and the --render ones alike.
    decks = options + args.decks
    argv = [binary] + decks

    starts = []
    for _ in range(max(1, args.runs)):
        to_first_byte, to_frame, s = first_frame(argv, cols, rows, environment())
        s.close()
        starts.append((to_first_byte, to_frame))

    move = measure_move(argv, cols, rows, environment())
    mono = measure_move(argv, cols, rows, environment(no_color=True))

    before = render(binary, args.size, None, decks, environment())
    after = render(binary, args.size, "right", decks, environment())
    minimum, changed = minimum_bytes(before, after, cols)
    animated, animated_frames = animated_minimum(binary, args.size, decks, environment(), cols)

    def ratio(a, b):
        return f"{a / max(1, b):.2f}"

    def split(m):
        return " / ".join(str(m["parts"][k]) for k in ("text", "cursor", "sgr", "edit"))

    print(f"carousel output at {cols}x{rows}, TERM=xterm-256color, LANG=C.UTF-8: {binary}")
    print(f"deck: {' '.join(args.decks) if args.decks else 'built-in'}; options: {' '.join(options) or 'none'}")
    print()
    table = [
        ("measure", "colour (default)", "NO_COLOR=1", "target"),
        (f"(a) ms from start to first byte, median of {len(starts)}", f"{median([a for a, _ in starts]):.1f}", "", ""),
        ("(a) ms from start to first frame complete, median", f"{median([b for _, b in starts]):.1f}", "", "<= 50"),
        ("    every run", " ".join(f"{b:.1f}" for _, b in starts), "", ""),
        ("(b) bytes written during a one-card move", str(move["bytes"]), str(mono["bytes"]), ""),
        ("(b)   of which text / cursor / SGR / edit", split(move), split(mono), ""),
        ("(b) frames that wrote", str(move["frames"]), str(mono["frames"]), ""),
        ("(b) bytes per frame (largest)", f"{move['bytes'] / max(1, move['frames']):.0f} ({move['largest_frame']})",
         f"{mono['bytes'] / max(1, mono['frames']):.0f} ({mono['largest_frame']})", ""),
        ("(b) ms from Right to the last byte", f"{move['duration_ms']:.0f}", f"{mono['duration_ms']:.0f}", ""),
        ("(c) cells changed, start screen to end screen", str(changed), "", ""),
        ("(c) minimum bytes for them (text only)", str(minimum), "", ""),
        ("(c) ratio: move bytes / minimum", ratio(move["bytes"], minimum), ratio(mono["bytes"], minimum), "<= 1.5"),
        ("(c) ratio: bytes per frame / minimum", ratio(move["bytes"] / max(1, move["frames"]), minimum),
         ratio(mono["bytes"] / max(1, mono["frames"]), minimum), ""),
        ("(c') minimum for the move animated at 60 fps", f"{animated} ({animated_frames} frames)", "", ""),
        ("(c') ratio: move bytes / animated minimum", ratio(move["bytes"], animated), ratio(mono["bytes"], animated), ""),
        ("(d) bytes in the 2 s after the motion", str(move["idle_bytes"]), str(mono["idle_bytes"]), "0"),
        ("(d) CPU ms in those 2 s", f"{move['idle_cpu_ms']:.0f}", f"{mono['idle_cpu_ms']:.0f}", "0"),
    ]
    widths = [max(len(row[i]) for row in table) for i in range(4)]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if n == 0:
            print("  ".join("-" * w for w in widths))


if __name__ == "__main__":
    main()
