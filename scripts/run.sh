#!/usr/bin/env bash
# One command from a fresh Debian machine to a running engine: installs the
# dependencies, builds the release preset and starts `ludus` on stdin/stdout.
# Extra arguments go to ludus (e.g. scripts/run.sh --game othello --hash 256).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh release
exec build/release/ludus "$@"
