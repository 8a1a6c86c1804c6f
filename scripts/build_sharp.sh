#!/usr/bin/env bash
# Builds Sharp (David Wu's Arimaa bot, github.com/lightvector/arimaasharp),
# the sparring partner of scripts/aei_match.py, from a checkout, outside
# this repository.
#
#   scripts/build_sharp.sh <sharp-checkout> [<build-dir>]
#
# The checkout is copied to <build-dir>/src (default
# ${XDG_CACHE_HOME:-~/.cache}/ludus/sharp), the two fixes below are applied
# to the copy, every .cpp is compiled with g++ -O3 and linked with -lpthread
# into <build-dir>/sharp, whose path is printed last; <build-dir>/sharp-dev
# is the same program in Sharp's developer mode (below). Nothing of Sharp's
# enters this repository: the checkout is only read, and a build dir inside
# the repository is refused. A second run recompiles only what changed
# (make with g++'s dependency files). JOBS=<n> compiles n files at once
# (default 1: the machine is usually shared).
#
# Debian packages: g++ (any current one; tested with 12.2), make, and
# libboost-dev (headers only: learning/featuremovelite.cpp includes
# <boost/static_assert.hpp>; no Boost library is linked). Sharp's threads
# are std::thread (MULTITHREADING_STD in core/global.h), hence -lpthread.
# It needs no data files: its move-ordering weights are compiled in.
#
# Sharp has no makefile: its .gitignore shows an Eclipse CDT project with
# Release configurations, whose default optimisation is -O3, used here.
# Asserts stay on (no -DNDEBUG), as in CDT's default Release settings.
#
# The two fixes, both needed because newer libstdc++ headers differ from
# those Sharp was written against (2015); neither changes what the code
# computes:
#
#  1. book/book.cpp defines `static double abs(double)`, and core/global.h
#     has `using namespace std`. Since GCC 7, <cstdlib> (reached through
#     <iostream>) declares std::abs(double) too (libstdc++'s
#     bits/std_abs.h), so `abs(x0-x1)` in locDistance() is "call of
#     overloaded 'abs(double)' is ambiguous". The fix renames the local
#     function to absDouble() and its two calls there. The other abs()
#     calls in the file take ints and resolve to ::abs(int) as before.
#  2. learning/featuremove.cpp and learning/featuremovelite.cpp call log()
#     and exp() without including <cmath>: "'exp' was not declared in this
#     scope". Older libstdc++ headers included <cmath> transitively
#     (<algorithm> used to pull in <random>, which includes <cmath>); newer
#     ones do not. The fix adds `#include <cmath>`, the header that
#     declares them, at the top of both files.
set -euo pipefail

usage() { echo "usage: $0 <sharp-checkout> [<build-dir>]" >&2; exit 2; }
[ $# -ge 1 ] && [ $# -le 2 ] || usage
src=$(cd "$1" && pwd) || usage
out=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/ludus/sharp}
repo=$(cd "$(dirname "$0")/.." && pwd)

[ -f "$src/main/mainaei.cpp" ] && [ -f "$src/book/book.cpp" ] ||
    { echo "$src does not look like an arimaasharp checkout (no main/mainaei.cpp)" >&2; exit 1; }
for tool in g++ make; do
    command -v "$tool" >/dev/null || { echo "$tool not found: apt-get install g++ make" >&2; exit 1; }
done
echo '#include <boost/static_assert.hpp>' | g++ -x c++ -fsyntax-only - 2>/dev/null ||
    { echo "boost/static_assert.hpp not found: apt-get install libboost-dev" >&2; exit 1; }

# Checked before anything is created: Sharp's code must stay outside the
# repository (realpath -m resolves a path that does not exist yet).
out=$(realpath -m "$out")
repo=$(realpath "$repo")
case "$out/" in
    "$repo"/*) echo "the build dir $out is inside the repository: Sharp's code must stay outside it" >&2; exit 1 ;;
esac
mkdir -p "$out"

# A fresh copy of the sources (not .git). The files' times are kept, so
# that make recompiles only what changed since the last build.
fresh="$out/src.new"
rm -rf "$fresh"
mkdir -p "$fresh"
(cd "$src" && tar --exclude=.git -cf - .) | (cd "$fresh" && tar -xf -)

# The commit, as Sharp's own writegitrevision.sh records it (`id version`).
rev=$(git -C "$src" rev-parse HEAD 2>/dev/null || echo unknown)
printf '#define GIT_REVISION_ID "%s"\n' "$rev" > "$fresh/program/gitrevision.h"

# Fix 1: the local abs(double) of book.cpp clashes with std::abs(double).
sed -i -e 's/^static double abs(double x)$/static double absDouble(double x)/' \
       -e 's/abs(x0-x1)/absDouble(x0-x1)/' -e 's/abs(Y_MAPPING\[y0\]/absDouble(Y_MAPPING[y0]/' \
       "$fresh/book/book.cpp"
[ "$(grep -o 'absDouble(' "$fresh/book/book.cpp" | wc -l)" = 3 ] ||
    { echo "fix 1 did not apply to book/book.cpp (has the source changed?)" >&2; exit 1; }
# Fix 2: <cmath> for log() and exp().
for f in learning/featuremove.cpp learning/featuremovelite.cpp; do
    grep -q '^#include <cmath>' "$fresh/$f" || sed -i '1i #include <cmath>' "$fresh/$f"
done

# The developer mode: Sharp's main.cpp has a switch, `isDev`, off in the
# released bot, that makes the first argument a command name; its commands
# include `evalPos FILE`, which prints Sharp's static evaluation of every
# position in FILE term by term (scripts/arimaa_data.py label --static).
# sharp-dev is linked from a copy of main.cpp with the switch on, kept
# out of the bot's sources (the Makefile skips main_dev.cpp); `sharp aei`
# is untouched.
sed -e 's|^  //bool isDev = true;$|  bool isDev = true;|' -e 's|^  bool isDev = false;$|  //bool isDev = false;|' \
    "$fresh/main/main.cpp" > "$fresh/main/main_dev.cpp"
grep -q '^  bool isDev = true;$' "$fresh/main/main_dev.cpp" ||
    { echo "the developer switch did not apply to main/main.cpp (has the source changed?)" >&2; exit 1; }

# Replace the old copy only where a file differs, so unchanged files keep
# their times (and objects).
if [ -d "$out/src" ]; then
    (cd "$fresh" && find . -type f) | while read -r f; do
        cmp -s "$fresh/$f" "$out/src/$f" || { mkdir -p "$(dirname "$out/src/$f")"; cp -p "$fresh/$f" "$out/src/$f"; }
    done
    rm -rf "$fresh"
else
    mv "$fresh" "$out/src"
fi

cat > "$out/Makefile" <<'EOF'
# Written by ludus's scripts/build_sharp.sh.
CXX ?= g++
CXXFLAGS = -O3 -std=gnu++17 -pthread -w
SRCS := $(shell cd src && find . -name '*.cpp' ! -name main_dev.cpp | sort)
OBJS := $(patsubst ./%.cpp,obj/%.o,$(SRCS))
DEV_OBJS := $(filter-out obj/main/main.o,$(OBJS)) obj/main/main_dev.o
all: sharp sharp-dev
sharp: $(OBJS)
	$(CXX) $(CXXFLAGS) -o $@ $(OBJS) -lpthread
sharp-dev: $(DEV_OBJS)
	$(CXX) $(CXXFLAGS) -o $@ $(DEV_OBJS) -lpthread
obj/%.o: src/%.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -MMD -MP -c $< -o $@
-include $(OBJS:.o=.d) obj/main/main_dev.d
EOF
make -C "$out" -j "${JOBS:-1}" --no-print-directory all >&2

# A smoke test: the AEI handshake. (The output is read whole: `grep -q`
# would close the pipe early and, with pipefail, fail on Sharp's SIGPIPE.)
hello=$(printf 'aei\nisready\nquit\n' | timeout 60 "$out/sharp" aei) || true
grep -q '^aeiok$' <<<"$hello" ||
    { echo "$out/sharp built but does not answer aeiok" >&2; exit 1; }
# And the developer mode's static evaluation of the start of a game.
printf 'rrrrrrrr/hdcemcdh/8/8/8/8/HDCMECDH/RRRRRRRR\n3g\n;\n' > "$out/smoke-pos.txt"
dev=$(cd "$out" && timeout 60 ./sharp-dev evalPos smoke-pos.txt 2>&1) || true
grep -q '^Final Score: ' <<<"$dev" ||
    { echo "$out/sharp-dev built but evalPos prints no Final Score" >&2; exit 1; }
echo "$out/sharp"
