#!/usr/bin/env python3
"""Counts the instructions of a held Right's frames replayed the same on every run: the scene and
the frame writer, every style and mode at 100x45 (or the cases named).

Why: `frame-instructions.py` counts the real program's frames, but how far each frame moves (and
so how much of the screen it changes) depends on how fast the program runs under valgrind: a
change that makes the frame slower makes each frame move further and count more, and runs of one
binary differ by 10% or more. `FrameReplay` (Benchmarks/Tools/FrameReplay) draws the frames of 3 s
of a held Right at 60 frames a second from states ticked 1/60 s apart, twice; the second pass is
counted. Two binaries' counts compare exactly; the bytes a frame are the writer's output. Also
the distinct 64-byte lines of code the pass runs (all frames together: a frame runs most of them),
which after each frame's sleep come back from memory (see frame-instructions.py).

How: builds nothing; pass the FrameReplay binary (built by
`swift build -c release --scratch-path ../.build-bench --product FrameReplay` in Benchmarks/), which
valgrind runs stripped of debug info.

Usage: Benchmarks/replay-instructions.py [BINARY] [STYLE:MODE ...]
  BINARY      default .build-bench/release/FrameReplay
Needs valgrind; about 15 s a case.
"""
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile

# frame-instructions.py's reading of a profile: instructions, and the distinct 64-byte lines of code.
_spec = importlib.util.spec_from_file_location("frames", os.path.join(os.path.dirname(os.path.abspath(__file__)), "frame-instructions.py"))
frames = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(frames)

CASES = [(s, m) for s in ("arc", "stack", "ring", "lyrics") for m in ("normal", "scaled")]
FRAMES = 180  # 3 s at 60 frames a second, as FrameReplay draws them


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build-bench/release/FrameReplay"
    cases = [tuple(arg.split(":")) for arg in sys.argv[2:]] or CASES
    if shutil.which("valgrind") is None:
        sys.exit("replay-instructions: needs valgrind (apt-get install valgrind)")
    print("(r) instructions per frame of a held Right replayed (callgrind), 100x45, the second of two passes")
    print()
    print(f"{'style':6}  {'mode':6}  {'instructions':>12}  {'code lines':>10}  {'(KB)':>5}  {'bytes':>6}")
    with tempfile.TemporaryDirectory() as scratch:
        stripped = os.path.join(scratch, "FrameReplay")
        subprocess.run(["strip", "-g", "-o", stripped, binary], check=True)
        for style, mode in cases:
            out = os.path.join(scratch, f"{style}-{mode}.out")
            run = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*measuredPass*",
                                  "--compress-strings=no", "--compress-pos=no", "--dump-instr=yes", "--dump-line=no",
                                  "--callgrind-out-file=" + out, stripped, style, mode],
                                 capture_output=True, text=True, check=True)
            # The code lines of the whole pass: what a frame's code spans, all of its paths together.
            instructions, lines = frames.frame_costs(out)
            found = re.search(r"(\d+) bytes a frame", run.stdout)
            if not instructions or not found:
                sys.exit(f"replay-instructions: no count for {style} {mode}: {run.stdout}{run.stderr[-500:]}")
            print(f"{style:6}  {mode:6}  {instructions // FRAMES:12,}  {lines:10,}  {lines * 64 // 1024:5}  {found.group(1):>6}", flush=True)


if __name__ == "__main__":
    main()
