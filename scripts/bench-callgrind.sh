#!/usr/bin/env bash
# Instruction counts per operation for the benchmark cases, under valgrind's callgrind.
#
# Builds chainkit-bench in release, copies it stripped of debug info (valgrind 3.19 cannot read
# the DWARF 5 that Swift 6.3 emits), then runs each case once under callgrind with deterministic
# hashing: fixture and 16 warm-up iterations, then N iterations inside a collection window that
# the benchmark opens and closes with callgrind client requests (--collect-atstart=no).
# Ir per op = Ir in the window / N, repeatable to the instruction; one valgrind run per case
# instead of two (N and 0 iterations), and nothing outside the loop is counted.
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

# Instructions inside the collection window of one run of one case.
instructions() {
  valgrind --tool=callgrind --collect-atstart=no --callgrind-out-file="$work/out" \
    "$work/chainkit-bench" --case "$1" --iterations "$2" >"$work/stdout" 2>"$work/log" || {
    cat "$work/log" >&2
    exit 1
  }
  if ! grep -q $'^window\tyes\tunder valgrind\tyes' "$work/stdout"; then
    echo "bench-callgrind: $1 ran without a collection window:" >&2
    cat "$work/stdout" >&2
    exit 1
  fi
  awk '/^(summary|totals):/ { print $2; exit }' "$work/out"
}

printf '| %-24s | %9s | %9s | %9s | %s\n' case iterations "Ir/op" "notes Ir" operation
printf '|%s|\n' "--------------------------|-----------:|----------:|----------:|----------"
"$work/chainkit-bench" --list "${filter[@]}" | while IFS=$'\t' read -r id iterations notes label; do
  measured=$(instructions "$id" "$iterations")
  per_op=$(awk -v m="$measured" -v n="$iterations" 'BEGIN { printf "%.0f", m / n }')
  printf '| %-24s | %10s | %9s | %9s | %s\n' "$id" "$iterations" "$per_op" "$notes" "$label"
done
