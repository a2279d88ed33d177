#!/usr/bin/env bash
# Every test of grundy: Rust's (cargo test --workspace), then the Python
# package's: built from source (python/, the test profile, so that it
# shares what cargo test compiled) into a virtual environment under target/,
# then pytest on it, the example notebook executed. Needs python3 with venv
# and pip, and PyPI for maturin, numpy, pytest and the notebook's kernel.
set -euo pipefail
cd "$(dirname "$0")"
cargo test --workspace
venv=target/python-tests
python3 -m venv "$venv"
MATURIN_PEP517_ARGS="--profile dev" "$venv/bin/pip" install -q --disable-pip-version-check "./python[test]"
GRUNDY_BIN=target/debug/grundy "$venv/bin/python" -m pytest -q -p no:cacheprovider \
    --import-mode=importlib python/tests
