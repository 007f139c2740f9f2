#!/usr/bin/env python3
"""Measures what carousel really sends to a terminal, through ncurses' real output.

Runs the release binary in a pseudo-terminal (100x30 by default, TERM=xterm-256color,
LANG=C.UTF-8) and reports:

  (a) start-up: milliseconds from just before fork/exec to the first byte of output, and to the
      last byte of the first frame (the first burst of output, ended by 300 ms of quiet); the
      median of --runs fresh starts (the first one may pay for a cold page cache); the issue's
      target: the first frame within 10 ms of start with the built-in deck;
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
      (every frame of an animation must be sent, so this is many times the minimum by nature);
  (f) the issue's other reading of the byte target: the bytes of a one-card move at 100x30 and at
      100x45 (and at --size; measured as in (b)) against the UTF-8 bytes of the glyphs that change in its frames:
      the same ideal 60 fps screens as (c), and for each pair of consecutive screens the characters
      of the cells that changed (character or style, as in the model below; a wide character
      counted once; a cell that became blank counts its space), summed (target: ratio <= 1.3);
  (g) resident memory: max_rss_kb (the program's own peak, VmHWM, as it reports it at exit through
      CAROUSEL_STATS; getrusage's ru_maxrss would carry over execve the peak of the Python that
      started it) of run (a) below at --size (100x30 by default), and VmRSS from
      /proc/PID/status read right after the last chunk of the first frame arrived; the median of
      --repeats runs (target: peak <= 10240 KB);
  (h) process CPU per frame over a held key, for every style and mode at 80x24, 100x45 and 200x60
      (only 100x45 with --quick; only the given ones with --style/--mode). Each case runs the
      program twice with --loop (so holding Right never reaches the end of the deck) and
      CAROUSEL_STATS=FILE, which makes it write one line of JSON at exit: frames that wrote to the
      terminal, the bytes they wrote, user and system CPU ms (getrusage) and peak RSS (only the
      sum of user and system is exact: Linux splits it between the two by sampled ticks):
        run (a): start, let it settle 1 s, quit with q;
        run (b): start, settle 1 s, "hold" Right (ESC O C written every 1/30 s for 3 s, as a
                 keyboard's auto-repeat, the output drained all along), settle 0.5 s, quit with q.
      CPU per frame = ((user+system)_b - (user+system)_a) / (frames_b - frames_a), bytes per frame
      likewise (both over every frame of run (b) past run (a)'s: the hold and the motion's settling
      after it). Frames per second is over the 3 s of the hold only: the bursts of output (as in
      (b)) that began while the key was held, / 3 s (the settling after the key is left out: its
      last frames change few or no cells, and a frame that changes none writes nothing). Each
      figure is the median of --repeats pairs (3 by default; the CPU column also shows the smallest
      and largest). Target: <= 0.25 ms CPU per frame at 100x45, every style and mode.
      Allocations per frame: every run is also started with Benchmarks/alloc-count.c (built with
      gcc, LD_PRELOAD), which counts the heap allocations of the whole process; allocs/frame is
      (allocations_b - allocations_a) / (frames_b - frames_a), the median of the pairs: what the
      program allocates over a held key, reading keys, cards seen for the first time and art
      prepared at new sizes included. "(all seen)" is the same within one run (c) that holds Right
      for 6 s: the counter is sent SIGURG at 3 s and at 5.5 s into the hold and appends its count
      each time, and the allocations between the two are divided by the bursts of output (frames)
      between them; by 3 s every card of the built-in deck has been on screen.
      Target: no allocation per frame in motion. ("-" where gcc is missing.) The counter is loaded
      in the runs that measure CPU too: it adds a call to each allocation, of which a frame in
      motion once every card has been seen has none.
      Last, the floor: Benchmarks/frame-floor.c (built with gcc) does nothing a frame but what
      carousel's frames do around their drawing, sleep until the next 1/60 s in ppoll and write
      its bytes in one write(2); its CPU per frame, writing nothing and 2,500 bytes a frame, is
      the part of the figures above that is the machine's and the kernel's, not carousel's.
      The full matrix (24 cases, 168 runs) takes about 10 minutes, --quick (8 cases) about 3.
Everything in (b) to (f) is measured twice: with colour (the default), and with NO_COLOR=1.

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
  python3 measure-output.py PATH/TO/carousel [--size 100x30] [--runs 5] [--style S] [--mode M]
                            [--repeats 3] [--held-only] [--no-held] [--quick] [DECK ...]
  --held-only runs only (h); --no-held skips it; --quick runs (h) at 100x45 only.

Standard library only (pty, os, select, termios, fcntl, unicodedata, json, tempfile).
"""

import argparse
import atexit
import fcntl
import json
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
import unicodedata

RIGHT = b"\x1bOC"   # what an xterm sends for Right once the program enables keypad mode (smkx)
QUIT = b"q"
FRAME_GAP = 0.004   # seconds of quiet that separate two frames' writes
HELD_SIZES = ("80x24", "100x45", "200x60")
STYLES = ("arc", "stack", "ring", "lyrics")
MODES = ("normal", "scaled")
HOLD = 3.0          # seconds Right is held in (h)


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


def vm_rss_kb(pid):
    """VmRSS of process `pid` in KB, from /proc/PID/status (None if it is gone)."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def stats_run(argv, cols, rows, env, hold=0.0, settle=1.0, after=0.5, rate=30.0, sample_rss=False, count_allocations=False,
              marks=()):
    """One run with CAROUSEL_STATS: start, let it settle `settle` s, then (if `hold`) write Right
    every 1/`rate` s for `hold` s and let it settle `after` s more, then quit with q; the output is
    drained all along. With `sample_rss`, VmRSS is read after every chunk of the first frame (the
    first burst, ended by 300 ms of quiet). Returns the program's stats (frames, bytes, user_ms,
    system_ms, max_rss_kb) plus first_key, last_byte (monotonic times), hold_frames (bursts of
    output, as in (b), while the key was held) and rss_after_first_frame; with `count_allocations`
    (and gcc to build Benchmarks/alloc-count.c), also allocations, the heap allocations of the whole
    run (None without gcc), and for each of `marks` (seconds into the hold) the allocations so far
    (`mark_allocations`: the counter is sent SIGURG then) and the output's bursts between one mark
    and the next (`mark_bursts`)."""
    with tempfile.TemporaryDirectory(prefix="carousel-stats-") as directory:
        path = os.path.join(directory, "stats.json")
        counted = os.path.join(directory, "allocations")
        run_env = dict(env, CAROUSEL_STATS=path)
        shim = allocation_counter() if count_allocations else None
        if shim:
            run_env.update(LD_PRELOAD=shim, ALLOC_COUNT_FILE=counted)
        s = Session(argv, cols, rows, run_env)
        rss = None
        if sample_rss:
            chunk = s.next_chunk(10.0)
            while chunk is not None:
                rss = vm_rss_kb(s.pid)
                chunk = s.next_chunk(0.3)
        s.read_for(max(0.0, s.started + settle - time.monotonic()))
        if not s.chunks:
            s.close()
            raise SystemExit(f"carousel wrote nothing within {settle} s: {' '.join(argv)}")
        first_key, hold_frames = None, 0
        pending, marked = sorted(marks), []
        if hold > 0:
            before = len(s.chunks)
            first_key = next_key = time.monotonic()
            end = first_key + hold
            while (now := time.monotonic()) < end:
                if pending and shim and now >= first_key + pending[0]:
                    os.kill(s.pid, signal.SIGURG)
                    marked.append(len(s.chunks))
                    pending.pop(0)
                    continue
                if now >= next_key:
                    s.write(RIGHT)
                    next_key += 1 / rate
                    continue
                s.next_chunk(min(next_key, end) - now)  # drains while waiting for the next key
            hold_frames = len(bursts(s.chunks[before:]))
            s.read_for(after)
        last_byte = s.chunks[-1][0]
        status = s.close()
        try:
            with open(path) as f:
                stats = json.loads(f.read())
        except (OSError, ValueError):
            raise SystemExit(f"no stats from CAROUSEL_STATS (exit status {status}); is the binary new enough? "
                             f"{' '.join(argv)}")
        allocations, mark_allocations = None, []
        if shim:
            try:
                with open(counted) as f:
                    counts = [int(line) for line in f.read().split()]
                allocations, mark_allocations = counts[-1], counts[:-1]
            except (OSError, ValueError, IndexError):
                print(f"note: no allocation count from {ALLOC_COUNTER_SOURCE} (was it preloaded?): {' '.join(argv)}",
                      file=sys.stderr)
    mark_bursts = [len(bursts(s.chunks[i:j])) for i, j in zip(marked, marked[1:])]
    stats.update(first_key=first_key, last_byte=last_byte, hold_frames=hold_frames, rss_after_first_frame=rss,
                 allocations=allocations, mark_allocations=mark_allocations, mark_bursts=mark_bursts)
    return stats


HERE = os.path.dirname(os.path.abspath(__file__))
ALLOC_COUNTER_SOURCE = os.path.join(HERE, "alloc-count.c")
FRAME_FLOOR_SOURCE = os.path.join(HERE, "frame-floor.c")
_built = {}


def build_with_gcc(source, name, flags):
    """`source` built with gcc into a temporary directory (removed at exit), once per run of this
    script; None when gcc is missing or cannot build it."""
    if source not in _built:
        directory = tempfile.mkdtemp(prefix="carousel-measure-")
        atexit.register(shutil.rmtree, directory, True)
        path = os.path.join(directory, name)
        try:
            built = subprocess.run(["gcc", "-O2"] + flags + ["-o", path, source], capture_output=True).returncode == 0
        except OSError:
            built = False
        _built[source] = path if built else None
    return _built[source]


def allocation_counter():
    """The allocation counter (Benchmarks/alloc-count.c), a shared library for LD_PRELOAD."""
    return build_with_gcc(ALLOC_COUNTER_SOURCE, "alloc-count.so", ["-shared", "-fPIC"])


def frame_floor(nbytes, frames=360):
    """Microseconds of CPU per frame of Benchmarks/frame-floor.c, a loop that only sleeps until the
    next 1/60 s in ppoll and writes `nbytes` bytes, in a drained 100x45 pseudo-terminal; None
    without gcc."""
    program = build_with_gcc(FRAME_FLOOR_SOURCE, "frame-floor", [])
    if not program:
        return None
    with tempfile.TemporaryDirectory(prefix="carousel-floor-") as directory:
        result = os.path.join(directory, "result")
        s = Session([program, str(frames), str(nbytes), result], 100, 45, environment())
        s.read_for(frames / 60 + 1.0)
        s.close()
        try:
            with open(result) as f:
                return float(f.read())
        except (OSError, ValueError):
            return None


def held_key(argv, cols, rows, env, repeats=3):
    """Per-frame cost over a held key (see (h) in the docstring): `repeats` pairs of runs (a) and
    (b), and one run (c) holding the key twice as long. Returns the medians and every repeat's CPU
    per frame; allocations per frame over (b) past (a), and in (c) between two marks in its hold's
    second half (every card of the deck seen: no first sights), None without gcc."""
    argv = argv + ["--loop"]
    cpu, fps, per_frame_bytes, frames, allocations = [], [], [], [], []
    for _ in range(max(1, repeats)):
        a = stats_run(argv, cols, rows, env, count_allocations=True)
        b = stats_run(argv, cols, rows, env, hold=HOLD, count_allocations=True)
        n = b["frames"] - a["frames"]
        if n <= 0:
            raise SystemExit(f"no frames while holding Right: {' '.join(argv)} at {cols}x{rows}")
        cpu.append((b["user_ms"] + b["system_ms"] - a["user_ms"] - a["system_ms"]) / n)
        fps.append(b["hold_frames"] / HOLD)
        per_frame_bytes.append((b["bytes"] - a["bytes"]) / n)
        frames.append(n)
        if a["allocations"] is not None and b["allocations"] is not None:
            allocations.append((b["allocations"] - a["allocations"]) / n)
    seen = None
    if allocations:
        # Marks at 3 s and 5.5 s into a 6 s hold: every card has been on screen by the first.
        c = stats_run(argv, cols, rows, env, hold=2 * HOLD, count_allocations=True, marks=(HOLD, 2 * HOLD - 0.5))
        if len(c["mark_allocations"]) == 2 and c["mark_bursts"] and c["mark_bursts"][0] > 0:
            seen = (c["mark_allocations"][1] - c["mark_allocations"][0]) / c["mark_bursts"][0]
    return {"cpu_ms": median(cpu), "every": cpu, "fps": median(fps), "bytes": median(per_frame_bytes),
            "frames": median(frames), "allocations": median(allocations) if allocations else None,
            "allocations_seen": seen}


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


def changed_glyph_bytes(before, after, cols):
    """The UTF-8 bytes of the characters of the cells that differ (character or style) between
    screen `before` and screen `after`, as `after` has them; a wide character counts once (with
    its first column, or with its second when only that one changed)."""
    count = 0
    blank = (" ", DEFAULT_STYLE)
    for old_line, new_line in zip(before, after):
        old, new = cells(old_line), cells(new_line)
        width = max(len(old), len(new), cols)
        old += [blank] * (width - len(old))
        new += [blank] * (width - len(new))
        for x in range(width):
            if old[x] == new[x]:
                continue
            ch = new[x][0]
            if ch is None:  # second column of a wide glyph: counted with the first unless that is unchanged
                if x > 0 and new[x - 1][0] is not None and old[x - 1] == new[x - 1]:
                    count += len(new[x - 1][0].encode())
                continue
            count += len(ch.encode())
    return count


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
    the virtual clock (`--keys right --time k/fps`). Returns (bytes, frames that change, UTF-8
    bytes of the glyphs of the cells those frames change: see changed_glyph_bytes)."""
    final = render(binary, size, "right", decks, env, colour=colour)
    previous = render(binary, size, "right", decks, env, time=0.0, colour=colour)
    total_bytes, frames, k, pen, glyphs = 0, 0, 0, DEFAULT_STYLE, 0
    while k < limit * fps:
        k += 1
        screen = render(binary, size, "right", decks, env, time=k / fps, colour=colour)
        cost, changed, pen = minimum_bytes(previous, screen, cols, pen)
        if changed:
            total_bytes += cost
            frames += 1
            glyphs += changed_glyph_bytes(previous, screen, cols)
        previous = screen
        if screen == final and k / fps >= 0.5:
            # Settled: any later change would show up as a difference from the final screen.
            break
    return total_bytes, frames, glyphs


def median(values):
    values = sorted(values)
    n = len(values)
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2


def print_table(table, stream=sys.stdout):
    widths = [max(len(row[i]) for row in table) for i in range(len(table[0]))]
    for n, row in enumerate(table):
        print("  ".join(cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)).rstrip(),
              file=stream)
        if n == 0:
            print("  ".join("-" * w for w in widths), file=stream)
    stream.flush()


def held_table(binary, decks, args):
    """(h): CPU, frames per second and bytes per frame over a held key, every style, mode and size."""
    styles = [args.style] if args.style else STYLES
    modes = [args.mode] if args.mode else MODES
    sizes = ["100x45"] if args.quick else HELD_SIZES
    table = [("style", "mode", "size", "ms CPU/frame", f"(min-max of {args.repeats})", "frames/s", "bytes/frame",
              "allocs/frame", "(all seen)", "target")]
    started = time.monotonic()
    for size in sizes:
        cols, rows = (int(v) for v in size.split("x"))
        for style in styles:
            for mode in modes:
                argv = [binary, "--style", style, "--mode", mode] + decks
                r = held_key(argv, cols, rows, environment(), args.repeats)
                met = "" if size != "100x45" else ("<= 0.25: met" if r["cpu_ms"] <= 0.25 else "<= 0.25: MISSED")
                allocs = "-" if r["allocations"] is None else f"{r['allocations']:.1f}"
                seen = "-" if r["allocations_seen"] is None else f"{r['allocations_seen']:.1f}"
                table.append((style, mode, size, f"{r['cpu_ms']:.3f}", f"{min(r['every']):.3f}-{max(r['every']):.3f}",
                              f"{r['fps']:.1f}", f"{r['bytes']:.0f}", allocs, seen, met))
                print(f"  (h) {style} {mode} {size}: {r['cpu_ms']:.3f} ms/frame "
                      f"({' '.join(f'{v:.3f}' for v in r['every'])}), {r['fps']:.1f} frames/s, "
                      f"{r['bytes']:.0f} bytes/frame, {allocs} allocations/frame ({seen} with every card seen), "
                      f"{r['frames']:.0f} frames; {time.monotonic() - started:.0f} s so far", file=sys.stderr, flush=True)
    print(f"(h) a held Right (every 1/30 s for 3 s, --loop), built-in deck unless given, TERM=xterm-256color; "
          f"median of {args.repeats} pairs of runs")
    print()
    print_table(table)
    floors = {n: [frame_floor(n) for _ in range(3)] for n in (0, 2500)}
    if all(v is not None for runs in floors.values() for v in runs):
        shown = ", ".join(f"{median(runs) / 1000:.3f} ms writing {n} bytes a frame" for n, runs in floors.items())
        print(f"\n(h) the floor (Benchmarks/frame-floor.c: a loop that only sleeps until the next 1/60 s in ppoll and "
              f"writes, in a drained 100x45 pseudo-terminal; median of 3 runs of 360 frames): {shown}")
    print(f"\n(h) took {time.monotonic() - started:.0f} s")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary", help="the release binary, e.g. .build/release/carousel")
    parser.add_argument("decks", nargs="*", help="deck paths (default: the built-in deck)")
    parser.add_argument("--size", default="100x30", help="COLSxROWS (default 100x30)")
    parser.add_argument("--runs", type=int, default=5, help="fresh starts for the start-up time (default 5)")
    parser.add_argument("--style", help="carousel's --style (default: its own default; (h): every style)")
    parser.add_argument("--mode", help="carousel's --mode (default: its own default; (h): every mode)")
    parser.add_argument("--repeats", type=int, default=3,
                        help="pairs of runs per case for (h), runs for (g) (default 3); the median is reported")
    parser.add_argument("--held-only", action="store_true", help="run only (h), the held key (about 10 minutes)")
    parser.add_argument("--no-held", action="store_true", help="skip (h), the held key")
    parser.add_argument("--quick", action="store_true", help="(h) at 100x45 only (about 3 minutes)")
    args = parser.parse_args()
    args.repeats = max(1, args.repeats)
    binary = os.path.abspath(args.binary)
    cols, rows = (int(v) for v in args.size.lower().split("x"))
    options = (["--style", args.style] if args.style else []) + (["--mode", args.mode] if args.mode else [])
    # Options go before the deck paths, in the interactive runs and the --render ones alike.
    decks = options + args.decks
    argv = [binary] + decks
    began = time.monotonic()

    if args.held_only:
        held_table(binary, args.decks, args)
        print(f"whole run: {time.monotonic() - began:.0f} s")
        return

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
    animated, animated_frames, glyphs = animated_minimum(binary, args.size, decks, environment(), cols, colour="256")
    mono_animated, _, mono_glyphs = animated_minimum(binary, args.size, decks, environment(), cols)

    # (f) at 100x30 and 100x45 (and --size): the move of (b) against the glyph bytes of its frames.
    glyph_sizes = {f"{cols}x{rows}": (move, mono, glyphs, mono_glyphs, animated_frames)}
    for size in ("100x30", "100x45"):
        if size in glyph_sizes:
            continue
        c, r = (int(v) for v in size.split("x"))
        other = measure_move(argv, c, r, environment())
        other_mono = measure_move(argv, c, r, environment(no_color=True))
        _, other_frames, other_glyphs = animated_minimum(binary, size, decks, environment(), c, colour="256")
        _, _, other_mono_glyphs = animated_minimum(binary, size, decks, environment(), c)
        glyph_sizes[size] = (other, other_mono, other_glyphs, other_mono_glyphs, other_frames)

    # (g) resident memory: run (a) of (h), at --size.
    memory = [stats_run(argv + ["--loop"], cols, rows, environment(), sample_rss=True) for _ in range(args.repeats)]
    peak = median([m["max_rss_kb"] for m in memory])
    first_rss = [m["rss_after_first_frame"] for m in memory if m["rss_after_first_frame"] is not None]

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
        ("(a) ms from start to first frame complete, median", f"{median([b for _, b in starts]):.1f}", "", "<= 10"),
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
    for size, (m, mm, g, mg, frames) in glyph_sizes.items():
        table += [
            (f"(f) {size}: bytes written during a one-card move", str(m["bytes"]), str(mm["bytes"]), ""),
            (f"(f) {size}: UTF-8 bytes of the glyphs its frames change",
             f"{g} ({frames} frames)", f"{mg} (text only)", ""),
            (f"(f) {size}: ratio: move bytes / glyph bytes", ratio(m["bytes"], g), ratio(mm["bytes"], mg), "<= 1.3"),
        ]
    table += [
        (f"(g) KB peak resident (max_rss_kb at exit), median of {len(memory)}", str(peak), "", "<= 10240"),
        ("    every run", " ".join(str(m["max_rss_kb"]) for m in memory), "", ""),
        ("(g) KB VmRSS right after the first frame, median",
         str(median(first_rss)) if first_rss else "?", "", ""),
        ("    every run", " ".join(str(v) for v in first_rss), "", ""),
    ]
    print_table(table)
    print(f"\n(a) to (g) took {time.monotonic() - began:.0f} s")

    if not args.no_held:
        print()
        held_table(binary, args.decks, args)
    print(f"whole run: {time.monotonic() - began:.0f} s")


if __name__ == "__main__":
    main()
