"""The pipeline on top of the index: the `Index` users open adds answering (`ask`) to the storage and search of
`tablerag.index.core.Index`, so the index below never imports the question answering above it."""

from __future__ import annotations

from tablerag.index import core
from tablerag.qa.answer import AskResult
from tablerag.qa.answer import ask as answer

__all__ = ["Index"]


class Index(core.Index):
    """`Index(path).add(paths, **tags)`, `.search(question, k, filters)`, `.ask(question)`."""

    def ask(self, question: str, k: int = 12, filters: dict[str, str] | None = None) -> AskResult:
        """Answer from the indexed tables: find them, then take or compute the value, citing every cell."""
        return answer(self, question, k=k, filters=filters)
