#!/usr/bin/env bash
# Set up, build and run every test. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
bash utils/setup.sh || exit 1
python3 utils/run_lit.py build/test
