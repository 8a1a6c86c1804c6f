#!/usr/bin/env bash
# Installs the Debian packages Ludus needs (only those missing) and builds a
# CMake preset. Usage: scripts/setup.sh [--with-tests] [preset]
# (default: release; --with-tests adds what the tests need beyond the
# build: headless Chromium and Selenium for the browser board's test)
set -euo pipefail
cd "$(dirname "$0")/.."
with_tests=0
if [ "${1:-}" = --with-tests ]; then
  with_tests=1
  shift
fi
preset="${1:-release}"

packages=(g++ cmake ninja-build python3 libboost-dev libboost-program-options-dev libspdlog-dev doctest-dev)
# The fuzz preset builds with clang and links libFuzzer and the sanitizer
# runtimes, packaged apart from clang from Debian 12 on.
if [ "$preset" = fuzz ]; then
  packages+=(clang)
  if apt-cache show libclang-rt-14-dev >/dev/null 2>&1; then packages+=(libclang-rt-14-dev); fi
fi
if [ "$with_tests" = 1 ]; then packages+=(chromium chromium-driver python3-selenium); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

cmake --preset "$preset" >&2
cmake --build --preset "$preset" -j "$(nproc)" >&2
