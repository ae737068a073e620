#!/usr/bin/env bash
# `make run`: builds chaintui, then starts it with the arguments given.
#
# The build's whole output goes to RUN_LOG; the terminal sees one line that SwiftPM's latest
# `[n/m] ...` step rewrites in place (when standard error is a terminal), and the whole log
# only when the build fails. Ctrl-C during the build or in the explorer ends this script with
# status 0, so make reports no error for what the user asked for.
#
# Environment: SWIFT (the swift command, words allowed), RUN_LOG (the log's path),
# RUN_PROGRESS (auto, line or plain: whether to draw the progress line; auto draws it when
# standard error is a terminal).
set -u
SWIFT=${SWIFT:-swift}
RUN_LOG=${RUN_LOG:-.build-run-log.txt}
RUN_PROGRESS=${RUN_PROGRESS:-auto}

interrupted() {
  # NB: a progress line may still be on the screen without its newline.
  [ "$progress" = line ] && printf '\r\033[K' >&2
  echo "chaintui: interrupted" >&2
  exit 0
}
progress=plain
trap interrupted INT
# With a terminal, each step (the build, the explorer) runs as a job of its own, the terminal's
# foreground, so Ctrl-C signals that job alone. Make, in the group this script starts in, would
# get the signal too, and its handler races with its own wait for this script: when it loses,
# it prints `make: *** wait: No child processes` however cleanly this script ends. The step's
# status (130 after an interrupt) then says what happened, as the trap does without a terminal.
if [ -t 0 ]; then set -m; fi

if [ "$RUN_PROGRESS" = line ] || { [ "$RUN_PROGRESS" = auto ] && [ -t 2 ]; }; then
  progress=line
fi
columns=${COLUMNS:-$(tput cols 2>/dev/null || echo 80)}
case $columns in '' | *[!0-9]*) columns=80 ;; esac

echo "building chaintui..." >&2

# Each line goes to the log as it comes; in line mode the latest build step is drawn over the
# previous one, cut to the terminal's width so that it never wraps onto a second line.
show_progress() {
  local line
  while IFS= read -r line; do
    printf '%s\n' "$line" >>"$RUN_LOG"
    if [ "$progress" = line ] && [[ $line == \[*/*\]* ]]; then
      printf '\r\033[K%s' "${line:0:$((columns - 1))}" >&2
    fi
  done
}

: >"$RUN_LOG"
# shellcheck disable=SC2086 # SWIFT may be a command with arguments (`/bin/sh stand-in`).
$SWIFT build --product chaintui 2>&1 | show_progress
status=${PIPESTATUS[0]}
[ "$progress" = line ] && printf '\r\033[K' >&2
# 130: the build died by SIGINT, or caught it and said so (bash then skips the trap: it takes
# the signal as handled by the child).
if [ "$status" -eq 130 ]; then interrupted; fi
if [ "$status" -ne 0 ]; then
  cat "$RUN_LOG" >&2
  exit "$status"
fi

# shellcheck disable=SC2086
bin=$($SWIFT build --show-bin-path) || exit 1
# NB: not `exec`: the explorer ends on Ctrl-C by its signal, which this shell's trap turns into
# a clean exit; an exec'd explorer's signal death would reach make as an error.
"$bin/chaintui" "$@"
status=$?
# 130: killed by SIGINT, as a shell reports it.
if [ "$status" -eq 130 ]; then exit 0; fi
exit "$status"
