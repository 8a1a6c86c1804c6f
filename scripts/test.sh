#!/usr/bin/env bash
# One command from a fresh Debian machine to every test: installs the
# dependencies, builds the release preset (assertions on) and runs ctest
# (doctest unit tests and the protocol transcript tests on the real binary).
# `scripts/test.sh asan` does the same under AddressSanitizer + UBSan.
# After the release tests: builds the fuzz preset (clang, so that the code
# stays clang-clean) and runs every fuzz target for 6 s (a minute in all),
# failing on a crash or referee violation; LUDUS_FUZZ_SECONDS=0 skips that.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
scripts/setup.sh --with-tests "$preset"
ctest --preset "$preset" -j "$(nproc)"
fuzz_seconds="${LUDUS_FUZZ_SECONDS:-6}"
if [ "$preset" = release ] && [ "$fuzz_seconds" != 0 ]; then
  scripts/setup.sh fuzz
  scripts/fuzz.sh --seconds "$fuzz_seconds"
fi
