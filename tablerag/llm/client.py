"""An OpenAI-compatible chat client (vLLM, Ollama, llama.cpp, hosted APIs) behind the `Llm` Protocol.

- Configuration from explicit values or the environment: ``TABLERAG_LLM_BASE_URL``, ``TABLERAG_LLM_MODEL``,
  ``TABLERAG_LLM_API_KEY`` (else ``OPENAI_API_KEY``), ``TABLERAG_LLM_TIMEOUT``, ``TABLERAG_LLM_CONCURRENCY``,
  ``TABLERAG_LLM_CACHE_DIR``, ``TABLERAG_LLM_IMAGES=0`` for a text-only model (llama.cpp's text chat formats
  accept image parts without an error but build a much shorter prompt from them: say so rather than rely on it).
- JSON output: ``response_format={"type": "json_schema", ...}`` first; a server that rejects it (HTTP 400/422, or
  llama-cpp-python's 500 naming the field) is asked again with ``json_object`` (with the schema attached, which llama.cpp turns into a grammar), then
  with no response format; the answer is always read as the first JSON object in the text. The working mode is
  remembered per client.
- Timeouts per request, retries with exponential backoff and jitter on timeouts, connection errors, 429 and 5xx;
  a semaphore caps the requests in flight however many threads call; a disk cache keyed by content hash answers
  repeated calls without a request.
"""

from __future__ import annotations

import base64
import os
import random
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from tablerag._lazy import need
from tablerag.llm.base import ChatRequest, ChatResult, LlmError, first_json_object
from tablerag.llm.cache import DiskCache, default_cache_dir

DEFAULT_TIMEOUT_S = 120.0  # a CPU-only local model writes a few hundred tokens for one table in tens of seconds
DEFAULT_MAX_RETRIES = 3  # enough to ride out a restarting server or a rate-limit burst, few enough to fail fast
BACKOFF_BASE_S = 0.5  # first wait before a retry; doubles each time
BACKOFF_MAX_S = 8.0  # no single wait longer than this: a batch run must keep moving
DEFAULT_CONCURRENCY = 4  # requests in flight per client: llama.cpp/Ollama serve one or a few slots; hosted APIs more
DEFAULT_API_KEY = "not-needed"  # local servers ignore the key, but the openai client insists on one
RETRY_STATUS = frozenset({408, 409, 429})  # timeout, conflict, rate limit: worth another try; other 4xx are ours
EXTRA = "llm"  # the pip extra that brings the openai package

ResponseMode = Literal["json_schema", "json_object", "none"]
_MODES: tuple[ResponseMode, ...] = ("json_schema", "json_object", "none")


def _env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    return float(raw) if raw else default


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    return int(raw) if raw else default


@dataclass(slots=True)
class LlmConfig:
    """Where the model is and how to talk to it. ``cache_dir=None`` turns the disk cache off."""

    base_url: str
    model: str
    api_key: str = DEFAULT_API_KEY
    timeout_s: float = DEFAULT_TIMEOUT_S
    max_retries: int = DEFAULT_MAX_RETRIES
    backoff_base_s: float = BACKOFF_BASE_S
    max_concurrency: int = DEFAULT_CONCURRENCY
    cache_dir: Path | None = field(default_factory=default_cache_dir)
    response_mode: ResponseMode = "json_schema"
    send_images: bool = True

    @classmethod
    def from_env(cls, **overrides: Any) -> LlmConfig:
        """Build from ``TABLERAG_LLM_*`` variables; explicit keyword arguments win. Raises when no URL is set."""
        values: dict[str, Any] = {
            "base_url": os.environ.get("TABLERAG_LLM_BASE_URL") or os.environ.get("OPENAI_BASE_URL"),
            "model": os.environ.get("TABLERAG_LLM_MODEL", "default"),
            "api_key": os.environ.get("TABLERAG_LLM_API_KEY") or os.environ.get("OPENAI_API_KEY") or DEFAULT_API_KEY,
            "timeout_s": _env_float("TABLERAG_LLM_TIMEOUT", DEFAULT_TIMEOUT_S),
            "max_concurrency": _env_int("TABLERAG_LLM_CONCURRENCY", DEFAULT_CONCURRENCY),
            "send_images": os.environ.get("TABLERAG_LLM_IMAGES", "1").lower() not in ("0", "false", "no"),
        }
        values.update(overrides)
        if not values["base_url"]:
            raise LlmError("no LLM endpoint: set TABLERAG_LLM_BASE_URL (e.g. http://127.0.0.1:8080/v1)")
        return cls(**values)


@dataclass(slots=True)
class ClientStats:
    """Counters, updated under the client's lock: HTTP requests sent, cache hits, retries, fallbacks, failures."""

    requests: int = 0
    cache_hits: int = 0
    retries: int = 0
    fallbacks: int = 0  # requests re-sent in a simpler shape after the server rejected the response format/images
    failures: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0


class OpenAiLlm:
    """The `Llm` for any OpenAI-compatible endpoint. Thread-safe; share one per process."""

    def __init__(self, config: LlmConfig) -> None:
        self.config = config
        self.stats = ClientStats()
        self._cache = DiskCache(config.cache_dir) if config.cache_dir is not None else None
        self._slots = threading.BoundedSemaphore(max(1, config.max_concurrency))
        self._lock = threading.Lock()
        self._mode: ResponseMode = config.response_mode
        self._images_ok = config.send_images
        self._client: Any = None

    @classmethod
    def from_env(cls, **overrides: Any) -> OpenAiLlm:
        return cls(LlmConfig.from_env(**overrides))

    @property
    def model(self) -> str:
        return self.config.model

    def chat_json(self, request: ChatRequest) -> ChatResult:
        key = request.cache_key(self.model)
        hit = self._cache.get(key) if self._cache is not None else None
        if hit is not None and isinstance(hit.get("text"), str):
            self._count(cache_hits=1)
            return ChatResult(first_json_object(hit["text"]), hit["text"], cached=True)
        with self._slots:
            text, usage = self._with_retries(request)
        if self._cache is not None:
            self._cache.put(key, {"model": self.model, "text": text})
        return ChatResult(first_json_object(text), text, cached=False, usage=usage)

    # -- internals -------------------------------------------------------------------------------------------

    def _count(self, **deltas: int) -> None:
        with self._lock:
            for name, delta in deltas.items():
                setattr(self.stats, name, getattr(self.stats, name) + delta)

    def _openai(self) -> Any:
        with self._lock:
            if self._client is None:
                openai = need("openai", EXTRA)
                self._client = openai.OpenAI(
                    base_url=self.config.base_url,
                    api_key=self.config.api_key,
                    timeout=self.config.timeout_s,
                    max_retries=0,  # retries are ours: counted, with our backoff
                )
            return self._client

    def _with_retries(self, request: ChatRequest) -> tuple[str, dict[str, int]]:
        openai = need("openai", EXTRA)
        retryable = (openai.APITimeoutError, openai.APIConnectionError)
        for attempt in range(self.config.max_retries + 1):
            try:
                return self._send_adapting(request)
            except openai.APIStatusError as exc:
                if exc.status_code not in RETRY_STATUS and exc.status_code < 500 or attempt == self.config.max_retries:
                    self._count(failures=1)
                    raise LlmError(f"LLM call failed: HTTP {exc.status_code}: {exc.message}") from exc
            except retryable as exc:
                if attempt == self.config.max_retries:
                    self._count(failures=1)
                    raise LlmError(f"LLM call failed after {attempt + 1} attempts: {exc}") from exc
            self._count(retries=1)
            time.sleep(self._backoff(attempt))
        raise AssertionError("unreachable")  # pragma: no cover

    def _backoff(self, attempt: int) -> float:
        wait: float = min(BACKOFF_MAX_S, self.config.backoff_base_s * 2.0**attempt)
        return wait * (0.5 + random.random() / 2)  # jitter so parallel callers do not retry in lockstep

    def _send_adapting(self, request: ChatRequest) -> tuple[str, dict[str, int]]:
        """Send once; when the server rejects the request's shape, step down the response-format ladder (then
        drop images) and send again."""
        openai = need("openai", EXTRA)
        while True:
            mode, images = self._mode, self._images_ok
            try:
                return self._send(request, mode, images)
            except openai.APIStatusError as exc:
                if not _rejects_request(exc) or not self._step_down(mode, images, bool(request.images)):
                    raise
                self._count(fallbacks=1)

    def _step_down(self, mode: ResponseMode, images: bool, has_images: bool) -> bool:
        with self._lock:
            if mode != "none":
                self._mode = _MODES[_MODES.index(mode) + 1]
                return True
            if images and has_images:
                self._images_ok = False
                return True
            return False

    def _send(self, request: ChatRequest, mode: ResponseMode, images: bool) -> tuple[str, dict[str, int]]:
        kwargs: dict[str, Any] = {
            "model": self.model,
            "messages": build_messages(request, images),
            "max_tokens": request.max_tokens,
            "temperature": request.temperature,
        }
        response_format = _response_format(request, mode)
        if response_format is not None:
            kwargs["response_format"] = response_format
        self._count(requests=1)
        response = self._openai().chat.completions.create(**kwargs)
        text = (response.choices[0].message.content or "") if response.choices else ""
        usage = _usage(response)
        self._count(prompt_tokens=usage.get("prompt_tokens", 0), completion_tokens=usage.get("completion_tokens", 0))
        return text, usage


def build_messages(request: ChatRequest, images: bool = True) -> list[dict[str, Any]]:
    """The chat messages for a request: system prompt, then the user text with PNG images as data URLs."""
    user: Any = request.user
    if images and request.images:
        parts: list[dict[str, Any]] = [{"type": "text", "text": request.user}]
        for png in request.images:
            url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
            parts.append({"type": "image_url", "image_url": {"url": url}})
        user = parts
    return [{"role": "system", "content": request.system}, {"role": "user", "content": user}]


def _rejects_request(exc: Any) -> bool:
    """HTTP 400/422 — or a 500 that names the request's fields (llama-cpp-python reports a failed request validation
    of ``response_format`` or the message parts as a 500)."""
    status = int(getattr(exc, "status_code", 0))
    if status in (400, 422):
        return True
    text = str(getattr(exc, "message", "")) + str(getattr(exc, "body", ""))
    return status == 500 and any(word in text for word in ("response_format", "validation error", "image_url"))


def _response_format(request: ChatRequest, mode: ResponseMode) -> dict[str, Any] | None:
    if mode == "json_schema":
        spec = {"name": request.schema_name, "schema": request.schema, "strict": True}
        return {"type": "json_schema", "json_schema": spec}
    if mode == "json_object":
        return {"type": "json_object", "schema": request.schema}
    return None


def _usage(response: Any) -> dict[str, int]:
    usage = getattr(response, "usage", None)
    if usage is None:
        return {}
    return {k: int(getattr(usage, k, 0) or 0) for k in ("prompt_tokens", "completion_tokens")}
