#!/usr/bin/env python3
"""Writes the linker's function order for carousel: the functions a session runs, packed together.

Why: Linux maps a program's code into memory by whole page-cache folios around each page it
touches (64 KB and more on this kernel), so a few hundred functions spread over 10 MB of code keep
most of it resident. Linked in the order this script writes (lld --symbol-ordering-file; the
Makefile's release build passes it, with every Swift module compiled into one section per
function), the code a session runs sits in a few hundred contiguous KB at the start of .text.

How: runs the release binary under valgrind's callgrind in a pseudo-terminal (100x30, the output
drained) through sessions a user has: the built-in deck with no arguments (every style in turn by
`s`, both modes by Tab, a held Right and Left, help, zoom, find), and once with options (so that
argument parsing is in the order too). Every function callgrind saw that the binary defines is
written, one mangled name per line, in the order first seen. Names that a later change renames or
removes are ignored by the linker (the order only moves code; it never changes what is linked).

Usage: Benchmarks/order-functions.py [BINARY] [OUTPUT]
  BINARY  default .build/release/carousel (valgrind reads a copy stripped of debug info: it cannot
          read Swift 6.3's)
  OUTPUT  default Sources/carousel/functions.order
Needs valgrind (apt-get install valgrind); takes about a minute. `make order` runs it.
"""
import fcntl
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


def held(key, seconds, rate=30.0):
    return [(key, 1.0 / rate)] * int(seconds * rate)


def tour():
    """Keys of a session through every style and mode, with the time to wait after each."""
    steps = [(b"", 4.0)]  # start-up under valgrind is slow
    for _ in range(4):  # arc, stack, ring, lyrics
        for _ in range(2):  # Normal, Scaled
            steps += held(RIGHT, 1.5) + held(LEFT, 0.7) + [(b"", 1.5), (TAB, 1.5)]
        steps += [(b"s", 1.5)]
    steps += [(b"?", 1.0), (b"?", 1.0), (ENTER, 1.0), (b"j", 0.5), (ESC, 1.0)]
    steps += [(b"/", 0.5), (b"e", 0.5), (ENTER, 1.0), (b"n", 1.0), (ESC, 1.0)]
    return steps + [(b"q", 0.0)]


def short_tour():
    return [(b"", 4.0)] + held(RIGHT, 1.0) + [(b"", 1.5), (TAB, 1.5), (b"q", 0.0)]


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
    for key, wait in steps:
        if key:
            os.write(master, key)
        time.sleep(wait)
    process.wait(timeout=60)
    os.close(master)


def defined_functions(binary):
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True)
    return {parts[2] for parts in (line.split() for line in listing.stdout.splitlines())
            if len(parts) == 3 and parts[1] in "tTwW"}


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
        order, seen = [], set()
        sessions = [([], tour()), (["--style", "ring", "--mode", "scaled", "--loop"], short_tour())]
        for number, (arguments, steps) in enumerate(sessions):
            profile = os.path.join(scratch, f"session{number}.out")
            run(stripped, arguments, steps, profile)
            for name in functions_seen(profile, defined):
                if name not in seen:
                    seen.add(name)
                    order.append(name)
    if len(order) < 500:
        sys.exit(f"order-functions: only {len(order)} functions seen; did the program run?")
    with open(output, "w") as file:
        file.write("\n".join(order) + "\n")
    print(f"order-functions: {len(order)} functions written to {output}")


if __name__ == "__main__":
    main()
