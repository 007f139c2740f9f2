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
  (c) the minimum bytes needed for the cells that each frame of the move changes, summed over an
      ideal 60 fps animation of the move: the screens 1/60 s apart on the virtual clock
      (`carousel --render COLSxROWS --keys right --time k/60`, the same code that draws the
      terminal), and the ratio of (b) to it: the ratio issue 7 sets a target for (<= 1.5);
  (d) the bytes written, and the CPU time the process used, in the 2 s after the motion ended
      (both should be 0: no frames and no timers at rest);
  (e) the same move with --reduce-motion, which jumps in one frame: its bytes against the minimum
      for the cells that differ between the screen before the move and the screen after it (the
      strict reading of the target); and, for scale, the animated move against that minimum
      (every frame of an animation must be sent, so this is many times the minimum by nature).
Everything in (b) to (e) is measured twice: with colour (the default), and with NO_COLOR=1.

The model of "minimum" in (c) and (e):
  * The screen is split into cells; a character takes the columns Unicode gives it (East Asian
    Wide/Fullwidth: 2, combining marks: 0, others: 1). A cell changed if its character or its
    style (colours, attributes) differs.
  * Each row's changed cells form maximal runs. Each run costs one absolute cursor move,
    CUP `ESC [ row ; col H` (6 to 8 bytes at these sizes), plus the UTF-8 bytes of its new
    characters, plus an SGR sequence wherever the next cell's style differs from the terminal's
    current one: the shorter of switching only what differs and resetting with 0.
  * Two runs on the same row are merged when re-sending the cells between them costs fewer bytes
    than a second cursor move.
  * With colour the screens come from `--render ... --color 256` (what xterm-256color gets);
    with NO_COLOR=1 from plain `--render`, so that column counts characters only (its bold, dim
    and reverse are not in the model, which makes the NO_COLOR minimum slightly low).
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
import re
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


SGR_RE = re.compile(r"\x1b\[([0-9;]*)m")
DEFAULT_STYLE = (frozenset(), None, None)


def apply_sgr(style, params):
    """The style after an SGR sequence with `params` (a string such as "0;1;38;5;209")."""
    attrs, fg, bg = set(style[0]), style[1], style[2]
    values = [int(v) if v else 0 for v in params.split(";")] if params else [0]
    i = 0
    while i < len(values):
        v = values[i]
        if v == 0:
            attrs, fg, bg = set(), None, None
        elif v in (1, 2, 4, 7):
            attrs.add(v)
        elif v == 22:
            attrs -= {1, 2}
        elif v in (24, 27):
            attrs.discard(v - 20)
        elif v in (38, 48) and i + 1 < len(values):
            n = 3 if values[i + 1] == 5 else 5
            colour = tuple(values[i + 1:i + n])
            if v == 38:
                fg = colour
            else:
                bg = colour
            i += n - 1
        elif v == 39:
            fg = None
        elif v == 49:
            bg = None
        elif 30 <= v <= 37 or 90 <= v <= 97:
            fg = (v,)
        elif 40 <= v <= 47 or 100 <= v <= 107:
            bg = (v,)
        i += 1
    return (frozenset(attrs), fg, bg)


def cells(line):
    """Splits a rendered line (plain, or with SGR codes from --color) into cells, each a
    (character, style) pair; a wide character is followed by a (None, style) continuation."""
    out = []
    style = DEFAULT_STYLE
    pos = 0
    for match in list(SGR_RE.finditer(line)) + [None]:
        text = line[pos:match.start()] if match else line[pos:]
        for ch in text:
            if unicodedata.combining(ch) and out:
                k = -2 if out[-1][0] is None else -1
                out[k] = (out[k][0] + ch, out[k][1])
                continue
            out.append((ch, style))
            if unicodedata.east_asian_width(ch) in ("W", "F"):
                out.append((None, style))
        if match:
            style = apply_sgr(style, match.group(1))
            pos = match.end()
    return out


def cup(row, col):
    return len(f"\x1b[{row + 1};{col + 1}H".encode())


def colour_params(colour, base):
    """SGR parameters that set a colour (base 30: foreground, 40: background)."""
    if colour is None:
        return [str(base + 9)]
    if len(colour) == 1:
        return [str(colour[0] + base - 30)]
    return [str(base + 8)] + [str(v) for v in colour]


def sgr_cost(pen, style):
    """The fewest bytes of one SGR sequence that take the terminal from `pen` to `style`: either
    switch what differs (attributes on, 22/24/27 off, colours), or reset with 0 and set `style`."""
    if pen == style:
        return 0
    (pa, pf, pb), (ta, tf, tb) = pen, style
    changes = [str(a) for a in sorted(ta - pa)]
    off = pa - ta
    if off & {1, 2}:
        changes.append("22")
        changes += [str(a) for a in sorted(ta & {1, 2})]  # 22 turns both off; re-set the one kept
    changes += ["24"] * (4 in off) + ["27"] * (7 in off)
    if pf != tf:
        changes += colour_params(tf, 30)
    if pb != tb:
        changes += colour_params(tb, 40)
    reset = ["0"] + [str(a) for a in sorted(ta)]
    if tf is not None:
        reset += colour_params(tf, 30)
    if tb is not None:
        reset += colour_params(tb, 40)
    params = min(";".join(changes), ";".join(reset), key=len)
    return 3 + len(params)  # ESC [ params m


def minimum_bytes(before, after, cols, pen=DEFAULT_STYLE):
    """The lower-bound model described at the top of this file, for going from screen `before`
    to screen `after` with the terminal's pen (current SGR style) at `pen`.
    Returns (bytes, cells changed, the pen afterwards)."""
    total_bytes = 0
    changed_cells = 0
    blank = (" ", DEFAULT_STYLE)
    for row, (old_line, new_line) in enumerate(zip(before, after)):
        old, new = cells(old_line), cells(new_line)
        width = max(len(old), len(new), cols)
        old += [blank] * (width - len(old))
        new += [blank] * (width - len(new))

        def send(lo, hi, pen):
            """Bytes to write cells lo..<hi from pen `pen`; returns (bytes, pen afterwards)."""
            cost = 0
            for ch, style in new[lo:hi]:
                if ch is None:
                    continue
                cost += sgr_cost(pen, style) + len(ch.encode())
                pen = style
            return cost, pen

        runs = []
        x = 0
        while x < width:
            if old[x] == new[x]:
                x += 1
                continue
            start = x
            if new[start][0] is None and start > 0:  # never start on the second half of a wide glyph
                start -= 1
            while x < width and old[x] != new[x]:
                x += 1
            if x < width and new[x][0] is None:
                x += 1
            runs.append((start, x))
        changed_cells += sum(1 for a, b in zip(old, new) if a != b)
        end = None
        for start, stop in runs:
            if end is not None:
                # Re-send the unchanged cells in between when that is cheaper than a cursor move.
                through, through_pen = send(end, stop, pen)
                jump, jump_pen = send(start, stop, pen)
                if through <= cup(row, start) + jump:
                    total_bytes += through
                    pen, end = through_pen, stop
                    continue
            cost, pen = send(start, stop, pen)
            total_bytes += cup(row, start) + cost
            end = stop
    return total_bytes, changed_cells, pen


def render(binary, size, keys, decks, env, time=None, colour=None):
    argv = [binary, "--render", size] + (["--keys", keys] if keys else []) + decks
    if time is not None:
        argv += ["--time", f"{time:.6f}"]
    if colour:
        argv += ["--color", colour]
    result = subprocess.run(argv, env=env, capture_output=True, check=True)
    return result.stdout.decode("utf-8").split("\n")


def animated_minimum(binary, size, decks, env, cols, colour=None, fps=60, limit=1.5):
    """The same model summed over an ideal animation of the move: the screens 1/fps apart on
    the virtual clock (`--keys right --time k/fps`). Returns (bytes, frames that change)."""
    final = render(binary, size, "right", decks, env, colour=colour)
    previous = render(binary, size, "right", decks, env, time=0.0, colour=colour)
    total_bytes, frames, k, pen = 0, 0, 0, DEFAULT_STYLE
    while k < limit * fps:
        k += 1
        screen = render(binary, size, "right", decks, env, time=k / fps, colour=colour)
        cost, changed, pen = minimum_bytes(previous, screen, cols, pen)
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
    jump = measure_move(argv + ["--reduce-motion"], cols, rows, environment())
    mono_jump = measure_move(argv + ["--reduce-motion"], cols, rows, environment(no_color=True))

    # The colour model sees what xterm-256color is sent (--color 256); the NO_COLOR one text only.
    def start_to_end(colour):
        before = render(binary, args.size, None, decks, environment(), colour=colour)
        after = render(binary, args.size, "right", decks, environment(), colour=colour)
        return minimum_bytes(before, after, cols)[:2]

    minimum, changed = start_to_end("256")
    mono_minimum, _ = start_to_end(None)
    animated, animated_frames = animated_minimum(binary, args.size, decks, environment(), cols, colour="256")
    mono_animated, _ = animated_minimum(binary, args.size, decks, environment(), cols)

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
        ("(c) minimum for the cells each frame of the move changes",
         f"{animated} ({animated_frames} frames)", f"{mono_animated} (text only)", ""),
        ("(c) ratio: move bytes / that minimum", ratio(move["bytes"], animated), ratio(mono["bytes"], mono_animated), "<= 1.5"),
        ("(e) cells changed, start screen to end screen", str(changed), "", ""),
        ("(e) minimum bytes for them", str(minimum), f"{mono_minimum} (text only)", ""),
        ("(e) bytes of the move with --reduce-motion (one frame)", str(jump["bytes"]), str(mono_jump["bytes"]), ""),
        ("(e) ratio: --reduce-motion move / start-to-end minimum", ratio(jump["bytes"], minimum),
         ratio(mono_jump["bytes"], mono_minimum), "<= 1.5"),
        ("(e) ratio: animated move / start-to-end minimum", ratio(move["bytes"], minimum),
         ratio(mono["bytes"], mono_minimum), ""),
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
