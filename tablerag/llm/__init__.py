"""LLM access behind a small Protocol: an OpenAI-compatible chat client (lazy `openai` import), a disk cache,
and helpers to run a local llama.cpp server. Importing this package loads no heavy dependency."""

from tablerag.llm.base import ChatRequest, ChatResult, Llm, LlmError

__all__ = ["ChatRequest", "ChatResult", "Llm", "LlmError"]
