#!/usr/bin/env python3
"""Counts what one frame of a held key runs: instructions, and the distinct 64-byte lines of code
they come from, per frame, for every style and mode at 100x45.

Why: the process's CPU per frame (`measure-output.py`, (h)) is the issue's measure, but on this VM
the same binary reads up to twice as slow in one hour as in another, and a change of a tenth is
lost in that noise. Instructions do not depend on the hour: this script counts them, frame by
frame, so that a change to the frame's code shows its effect on what the frame does. The lines of
code are the other half of the cost: after 1/60 s of sleep the frame's code is fetched again from
memory, and the fewer lines it spans, the less that costs.

How: runs the release binary under valgrind's callgrind in a 100x45 pseudo-terminal (output
drained; measure-output.py's session), `--style S --mode M --loop`, with instrumentation off while Right is held for 8 s and
Left for 3 s (every card is seen and the caches fill), then on for 3 s of Right at 30 keys a
second; callgrind writes a profile after each frame (after `TerminalScreen.present`). Each
profile's instructions are summed, and the distinct 64-byte lines of the addresses they were at
counted (the program's code and the libraries' alike; the kernel's is not seen). The two frames at
either end are left out; medians are printed.

Usage: Benchmarks/frame-instructions.py [BINARY] [STYLE:MODE ...]
  BINARY      default .build/release/carousel (valgrind reads a copy stripped of debug info: it
              cannot read Swift 6.3's)
  STYLE:MODE  default every style and mode, e.g. ring:normal stack:scaled
Needs valgrind (apt-get install valgrind); about 25 s a case.
"""
import glob
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

# The pseudo-terminal session and the environment of measure-output.py, which runs the held key too.
_spec = importlib.util.spec_from_file_location("measure", os.path.join(os.path.dirname(os.path.abspath(__file__)), "measure-output.py"))
measure = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(measure)

LEFT = b"\x1bOD"
CASES = [(s, m) for s in ("arc", "stack", "ring", "lyrics") for m in ("normal", "scaled")]


def frame_costs(profile):
    """(instructions, distinct 64-byte code lines) of one callgrind profile written with
    --dump-instr=yes --compress-pos=no. A line after `calls=` holds the call's inclusive cost at
    the call's address: left out, the callee's own lines count it."""
    total, lines, after_call = 0, set(), False
    with open(profile, errors="replace") as text:
        for line in text:
            if line.startswith("calls="):
                after_call = True
            elif line.startswith("0x"):
                if after_call:
                    after_call = False
                    continue
                address, _, cost = line.partition(" ")
                total += int(cost.split()[0]) if cost.strip() else 0
                lines.add(int(address, 16) >> 6)
    return total, len(lines)


def run_case(stripped, style, mode, scratch):
    out = os.path.join(scratch, f"{style}-{mode}.out")
    argv = [shutil.which("valgrind"), "--tool=callgrind", "--demangle=no", "--compress-strings=no", "--compress-pos=no",
            "--dump-instr=yes", "--dump-line=no", "--instr-atstart=no", "--dump-after=*ScreenC7present*",
            "--callgrind-out-file=" + out, stripped, "--style", style, "--mode", mode, "--loop"]
    session = measure.Session(argv, 100, 45, measure.environment())

    def hold(key, seconds, rate=30.0):
        """Writes `key` every 1/`rate` s for `seconds`, the output drained all along."""
        next_key = time.monotonic()
        end = next_key + seconds
        while (now := time.monotonic()) < end:
            if now >= next_key:
                session.write(key)
                next_key += 1 / rate
            else:
                session.next_chunk(min(next_key, end) - now)
    session.read_for(4)  # start-up under valgrind is slow
    hold(measure.RIGHT, 8)
    hold(LEFT, 3)
    session.read_for(2)
    subprocess.run(["callgrind_control", "-i", "on", str(session.pid)], capture_output=True, check=True)
    hold(measure.RIGHT, 3)
    subprocess.run(["callgrind_control", "-i", "off", str(session.pid)], capture_output=True, check=True)
    session.read_for(1)
    session.close()
    profiles = sorted(glob.glob(out + ".*"), key=lambda name: int(name.rsplit(".", 1)[1]))
    # Frames drawn while instrumentation was off leave empty profiles.
    costs = [cost for cost in map(frame_costs, profiles) if cost[0] > 0][2:-2]
    if len(costs) < 10:
        sys.exit(f"frame-instructions: only {len(costs)} frames counted for {style} {mode}; did the program run?")
    return (len(costs), statistics.median(c[0] for c in costs), statistics.median(c[1] for c in costs))


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/carousel"
    cases = [tuple(arg.split(":")) for arg in sys.argv[2:]] or CASES
    if shutil.which("valgrind") is None:
        sys.exit("frame-instructions: needs valgrind (apt-get install valgrind)")
    print("(i) instructions per frame of a held Right (callgrind), 100x45, every card seen first; medians")
    print()
    print(f"{'style':6}  {'mode':6}  {'frames':>6}  {'instructions':>12}  {'code lines':>10}  {'(KB)':>5}")
    with tempfile.TemporaryDirectory() as scratch:
        stripped = os.path.join(scratch, "carousel")
        subprocess.run(["strip", "-g", "-o", stripped, binary], check=True)
        for style, mode in cases:
            frames, instructions, lines = run_case(stripped, style, mode, scratch)
            print(f"{style:6}  {mode:6}  {frames:6}  {instructions:12,.0f}  {lines:10,.0f}  {lines * 64 / 1024:5.0f}", flush=True)
            for name in glob.glob(os.path.join(scratch, f"{style}-{mode}.out*")):
                os.remove(name)


if __name__ == "__main__":
    main()
