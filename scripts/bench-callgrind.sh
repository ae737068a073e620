#!/usr/bin/env bash
# Instruction counts per operation for the benchmark cases, under valgrind's callgrind.
#
# Builds chainkit-bench in release and runs it with --instructions-only: it copies itself
# stripped of debug info (valgrind 3.19 cannot read the DWARF 5 that Swift 6.3 emits), then runs
# each case once under callgrind with deterministic hashing: fixture and 16 warm-up iterations,
# then N iterations inside a collection window that the benchmark opens and closes with callgrind
# client requests (--collect-atstart=no). Ir per op = Ir in the window / N, repeatable to the
# instruction. It prints the cases, every gate judged on Ir, and the scaling tables.
#
# usage: scripts/bench-callgrind.sh [chainkit-bench options]
#        (make bench-callgrind ARGS="--filter bubble8")
set -euo pipefail
cd "$(dirname "$0")/.."

command -v valgrind >/dev/null || { echo "bench-callgrind: valgrind is not installed" >&2; exit 1; }
if [ ! -f /usr/include/valgrind/callgrind.h ]; then
  echo "bench-callgrind: valgrind's headers (valgrind/callgrind.h) are missing" >&2
  exit 1
fi
swift build -c release --package-path Benchmarks --product chainkit-bench >&2
bin="$(swift build -c release --package-path Benchmarks --show-bin-path)/chainkit-bench"
exec "$bin" --instructions-only "$@"
