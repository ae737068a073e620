#!/usr/bin/env bash
# `make install`: builds chaintui and copies it to PREFIX/bin, then says where it went and
# whether that folder is on PATH.
#
# Environment: SWIFT (the swift command, words allowed), PREFIX (default ~/.local),
# CONFIG (debug or release; debug reuses what `make run` and `make test` built).
set -u
SWIFT=${SWIFT:-swift}
PREFIX=${PREFIX:-$HOME/.local}
CONFIG=${CONFIG:-debug}

case $CONFIG in
  debug | release) ;;
  *) echo "make install: CONFIG is debug or release, not '$CONFIG'" >&2; exit 2 ;;
esac

echo "building chaintui ($CONFIG)..." >&2
# shellcheck disable=SC2086 # SWIFT may be a command with arguments.
$SWIFT build -c "$CONFIG" --product chaintui || exit $?
# shellcheck disable=SC2086
bin=$($SWIFT build -c "$CONFIG" --show-bin-path) || exit 1

target="$PREFIX/bin"
mkdir -p "$target" || exit 1
# NB: copied to a temporary name, then renamed: a running chaintui keeps its old file, and a
# half-written binary is never on the PATH.
cp "$bin/chaintui" "$target/.chaintui.new" && chmod 755 "$target/.chaintui.new" &&
  mv -f "$target/.chaintui.new" "$target/chaintui" || exit 1
echo "installed $target/chaintui"

case ":${PATH:-}:" in
  *":$target:"* | *":$target/:"*) echo "$target is on your PATH: run \`chaintui\`." ;;
  *)
    echo "$target is not on your PATH; add it, for instance:"
    echo "  export PATH=\"$target:\$PATH\""
    ;;
esac
