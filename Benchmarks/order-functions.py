#!/usr/bin/env python3
"""Writes the linker's function order for carousel: the code a frame runs first and together, then
the rest of what a session runs.

Why: a frame in motion comes after 16 ms of sleep, with the processor's caches and address
translations cold: the fewer pages its code spans, the less it pays to fetch them again (every
Swift module is compiled with one section per function, `-function-sections` in the Makefile, so
the linker can move each function). And Linux maps a program's code into memory by whole
page-cache folios around each page it touches (64 KB and more on this kernel): a session's code
packed together keeps less of the binary resident.

How: runs the release binary under valgrind's callgrind in a pseudo-terminal (100x30, the output
drained) through sessions a user has: the built-in deck with no arguments (every style in turn by
`s`, both modes by Tab, a held Right and Left, help, zoom, find), and once with options (so that
argument parsing is in the order too). In each style and mode the cards are moved twice: a first
pass, which fills the caches with the sizes each card is drawn at, and a second over the same
cards; the profile is dumped around the second, so it is known which functions a frame in motion
runs. The order: those functions, in the order first seen, then every other function callgrind
saw that the binary defines, in the order first seen; one mangled name per line. In each of the two
parts, the functions the linker can move alone come first: the Swift standard library's own Swift
code is one 1.6 MB section (`.text` of its archive's largest object), which the linker places where
the first of its functions stands in the order, so a frame's hashing or integer helper named early
put 1.6 MB of code between the frame's own functions (session 29: a ring frame's code spread over
5 MB of the binary). Names that a
later change renames or removes are ignored by the linker (the order only moves code; it never
changes what is linked).

Usage: Benchmarks/order-functions.py [BINARY] [OUTPUT]
  BINARY  default .build/release/carousel (valgrind reads a copy stripped of debug info: it cannot
          read Swift 6.3's)
  OUTPUT  default Sources/carousel/functions.order
Needs valgrind (apt-get install valgrind); takes about two minutes. `make order` runs it.
"""
import fcntl
import json
import os
import pty
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time

RIGHT, LEFT, TAB, ENTER, ESC = b"\x1bOC", b"\x1bOD", b"\t", b"\r", b"\x1b"


def dump(label):
    """A step that dumps the profile so far (callgrind_control -d) as a part called `label`."""
    return (label, None)


def held(key, seconds, rate=30.0):
    return [(key, 1.0 / rate)] * int(seconds * rate)


def tour():
    """Keys of a session through every style and mode, with the time to wait after each and the
    profile's parts: "motion" is cards moving past sizes already met (what a held key runs every
    frame once each card has been seen); the first pass over them fills the caches."""
    steps = [(b"", 4.0), dump("start")]  # start-up under valgrind is slow
    for _ in range(4):  # arc, stack, ring, lyrics
        for _ in range(2):  # Normal, Scaled
            steps += held(RIGHT, 1.5) + held(LEFT, 0.7) + [(b"", 1.5), dump("first pass")]
            steps += held(RIGHT, 0.7) + [(b"", 1.5), dump("motion"), (TAB, 1.5)]
        steps += [(b"s", 1.5)]
    steps += [(b"?", 1.0), (b"?", 1.0), (ENTER, 1.0), (b"j", 0.5), (ESC, 1.0)]
    steps += [(b"/", 0.5), (b"e", 0.5), (ENTER, 1.0), (b"n", 1.0), (ESC, 1.0)]
    return steps + [(b"q", 0.0)]


def short_tour():
    return [(b"", 4.0), dump("start")] + held(RIGHT, 1.0) + [(b"", 1.5), (TAB, 1.5), (b"q", 0.0)]


def run(binary, arguments, steps, out):
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8")
    env.pop("NO_COLOR", None)
    process = subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--dump-line=no",
         "--callgrind-out-file=" + out, binary] + arguments,
        stdin=slave, stdout=slave, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    os.close(slave)

    def drain():
        while True:
            try:
                if not os.read(master, 1 << 16):
                    return
            except OSError:
                return
    threading.Thread(target=drain, daemon=True).start()
    parts = []
    for key, wait in steps:
        if wait is None:
            subprocess.run(["callgrind_control", "-d", str(process.pid)], capture_output=True, check=True)
            parts.append((key, f"{out}.{len(parts) + 1}"))
        else:
            if key:
                os.write(master, key)
            time.sleep(wait)
    process.wait(timeout=60)
    os.close(master)
    return parts + [("end", out)]  # (label, file) in order; the last is written at exit


def defined_functions(binary):
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
    return {parts[2] for parts in (line.split() for line in listing.stdout.splitlines())
            if len(parts) == 3 and parts[1] in "tTwW"}


def unmovable_functions():
    """Functions of the Swift toolchain's static libraries compiled into a plain `.text` section
    shared with the rest of their object file: the linker can only move them with all of it."""
    try:
        info = json.loads(subprocess.run(["swiftc", "-print-target-info"], capture_output=True, text=True, check=True).stdout)
        folder = info["paths"]["runtimeResourcePath"] + "_static/linux"
        archives = [os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".a")]
    except (OSError, KeyError, ValueError, subprocess.CalledProcessError):
        return set()
    names = set()
    for archive in archives:
        table = subprocess.run(["objdump", "-t", archive], capture_output=True, text=True).stdout
        for line in table.splitlines():
            parts = line.split()
            # "0000000000005bcf0 l     F .text	00000000000000b7 name": a function in the shared section
            if len(parts) >= 5 and " F .text\t" in line:
                names.add(parts[-1])
    return names


def movable_first(names, unmovable):
    return [name for name in names if name not in unmovable] + [name for name in names if name in unmovable]


def functions_seen(profile, defined):
    seen, order = set(), []
    with open(profile, errors="replace") as lines:
        for line in lines:
            if not line.startswith(("fn=", "cfn=")):
                continue
            name = line.split("=", 1)[1].strip()
            # callgrind marks a function's recursion levels as name'2, name'3, ...
            if "'" in name and name.rsplit("'", 1)[1].isdigit():
                name = name.rsplit("'", 1)[0]
            if name in defined and name not in seen:
                seen.add(name)
                order.append(name)
    return order


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/carousel"
    output = sys.argv[2] if len(sys.argv) > 2 else "Sources/carousel/functions.order"
    if subprocess.run(["sh", "-c", "command -v valgrind"], capture_output=True).returncode != 0:
        sys.exit("order-functions: needs valgrind (apt-get install valgrind)")
    with tempfile.TemporaryDirectory() as scratch:
        stripped = os.path.join(scratch, "carousel")
        subprocess.run(["strip", "-g", "-o", stripped, binary], check=True)
        defined = defined_functions(stripped)
        sessions = [([], tour()), (["--style", "ring", "--mode", "scaled", "--loop"], short_tour())]
        parts = [part for number, (arguments, steps) in enumerate(sessions)
                 for part in run(stripped, arguments, steps, os.path.join(scratch, f"session{number}.out"))]
        in_motion = [profile for label, profile in parts if label == "motion"]
        order, seen = [], set()
        for profile in in_motion + [profile for label, profile in parts if label != "motion"]:
            for name in functions_seen(profile, defined):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
        motion = len({name for profile in in_motion for name in functions_seen(profile, defined)})
        unmovable = unmovable_functions()
        order = movable_first(order[:motion], unmovable) + movable_first(order[motion:], unmovable)
    if len(order) < 500:
        sys.exit(f"order-functions: only {len(order)} functions seen; did the program run?")
    with open(output, "w") as file:
        file.write("\n".join(order) + "\n")
    print(f"order-functions: {len(order)} functions written to {output}, the {motion} run in motion first")


if __name__ == "__main__":
    main()
