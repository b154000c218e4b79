"""The `Llm` Protocol and the plain data it speaks: pure standard library, safe to import anywhere."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from tablerag.errors import TableragError


class LlmError(TableragError):
    """An LLM call failed after its retries, or its answer could not be read as JSON."""


@dataclass(frozen=True, slots=True)
class ChatRequest:
    """One chat call: a system prompt, a user prompt, optional PNG images, and the JSON schema of the answer."""

    system: str
    user: str
    schema: dict[str, Any]
    schema_name: str = "answer"
    images: tuple[bytes, ...] = ()
    max_tokens: int = 512
    temperature: float = 0.0

    def cache_key(self, model: str) -> str:
        """Content hash of everything that decides the answer: model, prompts, schema, limits and image bytes."""
        h = hashlib.sha256()
        head = {
            "model": model,
            "system": self.system,
            "user": self.user,
            "schema": self.schema,
            "schema_name": self.schema_name,
            "max_tokens": self.max_tokens,
            "temperature": self.temperature,
        }
        h.update(json.dumps(head, sort_keys=True, ensure_ascii=False).encode())
        for image in self.images:
            h.update(len(image).to_bytes(8, "big"))
            h.update(image)
        return h.hexdigest()


@dataclass(slots=True)
class ChatResult:
    """The parsed JSON answer (None when the model wrote none), its raw text, and whether it came from the cache."""

    data: dict[str, Any] | None
    text: str
    cached: bool = False
    usage: dict[str, int] = field(default_factory=dict)


@runtime_checkable
class Llm(Protocol):
    """What the pipeline needs from a language model: one JSON-answering chat call, safe to call from threads."""

    @property
    def model(self) -> str: ...

    def chat_json(self, request: ChatRequest) -> ChatResult: ...


def first_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in free text (models often wrap JSON in prose or ``` fences); None when there is none."""
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            value, _ = decoder.raw_decode(text, start)
        except json.JSONDecodeError:
            start = text.find("{", start + 1)
            continue
        if isinstance(value, dict):
            return value
        start = text.find("{", start + 1)
    return None
