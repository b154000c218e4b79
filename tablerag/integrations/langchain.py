"""LangChain drop-ins (extra `langchain`, on langchain-core): a retriever over a tablerag index and a document
loader that yields the row records of files.

    retriever = TableragRetriever(index=Index(".tablerag"), k=8, filters={"tenant": "acme"})
    chain = retriever | RunnableLambda(format_rows)      # works in any LCEL chain
    rows = TableragLoader(["report.pdf", "book.xlsx"]).load()

Each Document holds the hit's (or row's) text and its full provenance as metadata: file (also as ``source``),
page or sheet (+ sheet_row), row, col, column, table_id, version, sha256, the record id and kind (+ score).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tablerag._lazy import need
from tablerag.decomposition.records import Tags
from tablerag.integrations.rows import PathLike, RowReader, as_paths, hit_metadata, record_metadata
from tablerag.limits import Limits

need("langchain_core", "langchain")

from langchain_core.callbacks import CallbackManagerForRetrieverRun  # noqa: E402
from langchain_core.document_loaders import BaseLoader  # noqa: E402
from langchain_core.documents import Document  # noqa: E402
from langchain_core.retrievers import BaseRetriever  # noqa: E402
from pydantic import ConfigDict  # noqa: E402

__all__ = ["TableragLoader", "TableragRetriever"]


class TableragRetriever(BaseRetriever):
    """`Index.search` as a LangChain retriever: ``k`` hits (rows, facts, prose) pre-filtered by ``filters``."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    index: Any  # a tablerag.Index (only its search is used)
    k: int = 12
    filters: dict[str, str] | None = None

    def _get_relevant_documents(self, query: str, *, run_manager: CallbackManagerForRetrieverRun) -> list[Document]:
        hits = self.index.search(query, k=self.k, filters=self.filters)
        return [Document(page_content=h.text, metadata=hit_metadata(h), id=h.id) for h in hits]


class TableragLoader(BaseLoader):
    """One Document per table row of the given files (folders are walked), for users who keep their own vector
    store. A file that cannot be read is skipped and named with its cause in ``errors``."""

    def __init__(
        self,
        paths: PathLike | Iterable[PathLike],
        *,
        version: str | None = None,
        limits: Limits | None = None,
    ) -> None:
        self._reader = RowReader(as_paths(paths), Tags(version=version), limits)

    @property
    def errors(self) -> list[str]:
        return self._reader.errors

    def lazy_load(self) -> Iterator[Document]:
        for record in self._reader.records():
            yield Document(page_content=record.text, metadata=record_metadata(record), id=record.id)
