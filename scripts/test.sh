#!/usr/bin/env bash
# Set up (scripts/setup.sh) and run every check: ruff, mypy, the test suite (notebooks included), bench smoke runs.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_THREAD_LIMIT=1 ANONYMIZED_TELEMETRY=False
PY=${PYTHON:-python3}
echo "[test] ruff" >&2
$PY -m ruff check tablerag tests bench
echo "[test] mypy" >&2
$PY -m mypy tablerag
echo "[test] benchmark smoke runs (they must run, not meet a time; full runs: python bench/run_all.py)" >&2
$PY bench/run_all.py --smoke
echo "[test] pytest" >&2
$PY -m pytest -q -p no:cacheprovider --nbmake notebooks tests "$@"
