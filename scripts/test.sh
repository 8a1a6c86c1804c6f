#!/usr/bin/env bash
# One command from a fresh Debian machine to every test: installs the
# dependencies, builds the release preset (assertions on) and runs ctest
# (doctest unit tests and the protocol transcript tests on the real binary).
# `scripts/test.sh asan` does the same under AddressSanitizer + UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-release}"
scripts/setup.sh "$preset"
ctest --preset "$preset" -j "$(nproc)"
