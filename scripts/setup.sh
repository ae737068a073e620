#!/usr/bin/env bash
# Installs what `make run` and `make test` need and the machine lacks. Idempotent and quiet when
# everything is there: it only calls apt-get for a missing piece.
set -euo pipefail

missing=()
[ -f /usr/include/curses.h ] || [ -f /usr/include/ncursesw/curses.h ] || missing+=(libncurses-dev)
command -v tmux >/dev/null 2>&1 || missing+=(tmux)
locale -a 2>/dev/null | grep -qiE '^c\.utf-?8$' || true  # C.UTF-8 ships with libc on Debian

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

echo "setup: installing ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "setup: need root (or sudo) to install: ${missing[*]}" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >/dev/null
$sudo apt-get install -y -qq "${missing[@]}" >/dev/null
echo "setup: done" >&2
