"""Everything that talks to a language model, in one package.

- Access (beside parsing, below everything else): the `Llm` Protocol and its plain data (`base`), an
  OpenAI-compatible chat client (`client`, lazy `openai` import), a disk cache (`cache`), table crops for
  multimodal models (`images`), and a local llama.cpp server (`server`).
- `describe`: the LLM's side of decomposition (cell sentences, table summaries), on the decomposition layer.
- `answer`: the LLM's side of answering (router, text-to-SQL in the QA sandbox), on the QA layer.

This package's own import brings only the access layer's plain data: the two upper modules import decomposition
and QA code and are imported by name where they are used. Importing it loads no heavy dependency."""

from tablerag.llm.base import ChatRequest, ChatResult, Llm, LlmError

__all__ = ["ChatRequest", "ChatResult", "Llm", "LlmError"]
