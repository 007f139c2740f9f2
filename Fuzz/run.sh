#!/bin/sh
# Builds the libFuzzer target for the manifest parser and the sanitiser, then runs it.
#   Fuzz/run.sh [SECONDS]     (default 120; 0 runs until a crash or Ctrl-C)
# Findings (crash-*, timeout-*, oom-*) land in .build-fuzz/; the growing corpus in .build-fuzz/corpus.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=.build-fuzz
mkdir -p "$out/corpus"
sources=$(sed 's|^|Sources/CarouselDecks/|' Fuzz/sources.txt)
# lld: the default gold linker prints a warning per sanitizer symbol.
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -use-ld=lld -module-name DeckFuzz \
    -o "$out/deck-fuzzer" Fuzz/DeckFuzzer.swift $sources
# The Swift runtime's backtracer reads the stack in ways AddressSanitizer reports as errors of its own.
SWIFT_BACKTRACE=enable=no exec "$out/deck-fuzzer" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 -dict=Fuzz/manifest.dict -artifact_prefix="$out/" "$out/corpus" Fuzz/seeds
