#!/bin/sh
# Builds Zebra (Gunnar Andersson's Othello program, public fork
# github.com/lk16/zebra) outside this repository, as a sparring partner for
# scripts/zebra_ugi.py and scripts/bench_othello.py --zebra.
#
#   git clone https://github.com/lk16/zebra /tmp/zebra-src
#   scripts/build_zebra.sh /tmp/zebra-src [BUILD_DIR]
#
# BUILD_DIR defaults to ~/.cache/ludus/zebra. Zebra's code never enters this
# repository: the checkout is copied to BUILD_DIR and the fixes below are
# applied to that copy only. Needs the Debian packages gcc, make and
# zlib1g-dev (Zebra's book code includes zlib.h and links -lz).
#
# Prints the directory holding zebra, scrzebra and coeffs2.bin (the last
# line of the output), the argument that zebra_ugi.py takes.
set -eu

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 ZEBRA_CHECKOUT [BUILD_DIR]" >&2
    exit 2
fi
src=$1
out=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/ludus/zebra}

[ -f "$src/zebra.c" ] && [ -f "$src/Makefile" ] || {
    echo "$src does not look like a Zebra checkout (no zebra.c / Makefile)" >&2
    exit 1
}

missing=""
command -v gcc >/dev/null 2>&1 || missing="$missing gcc"
command -v make >/dev/null 2>&1 || missing="$missing make"
# zlib.h: the header of zlib1g-dev, which Zebra's book code includes.
printf '#include <zlib.h>\nint main(void){return 0;}\n' | gcc -x c -o /dev/null - -lz >/dev/null 2>&1 \
    || missing="$missing zlib1g-dev"
if [ -n "$missing" ]; then
    echo "missing Debian packages:$missing (sudo apt-get install$missing)" >&2
    exit 1
fi

# Refuse a build directory inside our repository: Zebra's code and binaries
# must never be committed here.
repo=$(cd "$(dirname "$0")/.." && pwd -P)
out=$(realpath -m "$out")
case "$out/" in
    "$repo"/*) echo "build dir $out is inside the repository $repo; choose one outside" >&2; exit 1 ;;
esac
mkdir -p "$out"

# A fresh copy each time, so the fixes below apply to pristine sources. Only
# a directory this script made (its marker file) or an empty one is cleared:
# a mistyped BUILD_DIR must not lose its files.
if [ -n "$(ls -A "$out")" ]; then
    [ -f "$out/.ludus-zebra-build" ] || {
        echo "$out is not empty and not an earlier Zebra build of this script; choose another BUILD_DIR" >&2
        exit 1
    }
    find "$out" -mindepth 1 -delete
fi
# The copy leaves out .git and book.bin (Zebra reads its book only with the
# book on, and we play with -b 0; the public fork's book.bin is large).
(cd "$src" && tar cf - --exclude=.git --exclude=book.bin .) | (cd "$out" && tar xf -)
cd "$out"
: >.ludus-zebra-build

[ -s coeffs2.bin ] || {
    echo "coeffs2.bin (Zebra's evaluation coefficients) is missing from $src" >&2
    exit 1
}

# Fix 1: `int quiet` is defined inside `#if !SCRIPT_ONLY` in zebra.c, but
# osfbook.c and thordb.c refer to it, so scrzebra (zebra.c compiled with
# SCRIPT_ONLY) does not link. Move the definition above that block.
if grep -q '^int quiet = FALSE;' zebra.c; then
    sed -i '/^int quiet = FALSE;$/d' zebra.c
    sed -i '0,/^\/\* Local variables \*\//s//\/* Local variables *\/\nint quiet = FALSE;/' zebra.c
fi
grep -c '^int quiet = FALSE;' zebra.c | grep -qx 1 || { echo "could not patch 'int quiet' in zebra.c" >&2; exit 1; }

# Fix 2 (compiler flags, no source change): -fwrapv because the endgame
# solver relies on signed overflow wrapping (without it the optimised build
# segfaults); -fno-strict-aliasing for its type-punned bitboards; -fcommon
# because headers define globals that several files share (GCC >= 10
# defaults to -fno-common and the link fails). No -static: the Makefile's
# default needs static libc/zlib archives and would stop stdbuf from making
# zebra's prompt visible on a pipe (zebra_ugi.py runs it under stdbuf -o0).
make zebra scrzebra \
    OPTS="-O2 -fwrapv -fno-strict-aliasing -fcommon" LDFLAGS="-lm -lz" >build.log 2>&1 || {
    tail -30 build.log >&2
    echo "make failed; full log: $out/build.log" >&2
    exit 1
}

for f in zebra scrzebra coeffs2.bin; do
    [ -s "$f" ] || { echo "$out/$f missing after the build" >&2; exit 1; }
done
echo "zebra:    $out/zebra"
echo "scrzebra: $out/scrzebra"
echo "coeffs:   $out/coeffs2.bin"
echo "$out"
