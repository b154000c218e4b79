#!/usr/bin/env bash
# Set up the base package (scripts/setup.sh --demo), ingest the bundled real samples in examples/ and print cited
# answers. PYTHON=/path/to/python picks the interpreter (a virtual environment's, for example).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --demo
PY=${PYTHON:-python3}
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 OMP_THREAD_LIMIT=1 ANONYMIZED_TELEMETRY=False
INDEX=${INDEX:-.tablerag/demo}
$PY -m tablerag.cli ingest examples/ --index "$INDEX" --version demo-1
for q in "What is the amount of total sales in 2019?" \
         "What percent of French-language workers in agricultural region 3 were married?" \
         "What was the percent change in Other from 2018 to 2019?"; do
  echo; echo "Q: $q"
  $PY -m tablerag.cli query "$q" --index "$INDEX" -k 5
done
