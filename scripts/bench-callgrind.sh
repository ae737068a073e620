#!/usr/bin/env bash
# Instruction counts per operation for the benchmark cases, under valgrind's callgrind.
#
# Builds chainkit-bench in release, copies it stripped of debug info (valgrind 3.19 cannot read
# the DWARF 5 that Swift 6.3 emits), then for each case runs it twice under callgrind with
# deterministic hashing: once with N iterations and once with 0 (same fixture, same 16 warm-up
# iterations). Ir per op = (Ir(N) - Ir(0)) / N, repeatable to the instruction.
#
# usage: scripts/bench-callgrind.sh [--filter TEXT]   (make bench-callgrind ARGS="--filter bubble8")
set -euo pipefail
cd "$(dirname "$0")/.."

filter=()
while [ $# -gt 0 ]; do
  case "$1" in
    --filter) filter=(--filter "$2"); shift 2 ;;
    *) echo "usage: $0 [--filter TEXT]" >&2; exit 2 ;;
  esac
done

command -v valgrind >/dev/null || { echo "bench-callgrind: valgrind is not installed" >&2; exit 1; }
swift build -c release --package-path Benchmarks --product chainkit-bench >&2
bin="$(swift build -c release --package-path Benchmarks --show-bin-path)/chainkit-bench"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp "$bin" "$work/chainkit-bench"
strip -g "$work/chainkit-bench"
export SWIFT_DETERMINISTIC_HASHING=1

# Total instructions of one run of one case.
instructions() {
  valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$work/chainkit-bench" --case "$1" --iterations "$2" >/dev/null 2>"$work/log" || {
    cat "$work/log" >&2
    exit 1
  }
  awk '/^(summary|totals):/ { print $2; exit }' "$work/out"
}

printf '| %-24s | %9s | %9s | %9s | %s\n' case iterations "Ir/op" "notes Ir" operation
printf '|%s|\n' "--------------------------|-----------:|----------:|----------:|----------"
"$work/chainkit-bench" --list "${filter[@]}" | while IFS=$'\t' read -r id iterations notes label; do
  measured=$(instructions "$id" "$iterations")
  baseline=$(instructions "$id" 0)
  per_op=$(awk -v m="$measured" -v b="$baseline" -v n="$iterations" 'BEGIN { printf "%.0f", (m - b) / n }')
  printf '| %-24s | %10s | %9s | %9s | %s\n' "$id" "$iterations" "$per_op" "$notes" "$label"
done
