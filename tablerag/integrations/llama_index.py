"""LlamaIndex drop-ins (extra `llama-index`, on llama-index-core): a retriever over a tablerag index returning
NodeWithScore, and a reader yielding the row records of files.

    retriever = TableragRetriever(Index(".tablerag"), k=8, filters={"tenant": "acme"})
    engine = RetrieverQueryEngine.from_args(retriever, llm=my_llm)
    rows = TableragReader().load_data(["report.pdf", "book.xlsx"])

Each node holds the hit's (or row's) text and its full provenance as metadata: file (also as ``source``), page or
sheet (+ sheet_row), row, col, column, table_id, version, sha256, the record id and kind (+ score).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from tablerag._lazy import need
from tablerag.decomposition.records import Tags
from tablerag.integrations.rows import PathLike, RowReader, as_paths, hit_metadata, record_metadata
from tablerag.limits import Limits

need("llama_index.core", "llama-index")

from llama_index.core.readers.base import BaseReader  # noqa: E402
from llama_index.core.retrievers import BaseRetriever  # noqa: E402
from llama_index.core.schema import Document, NodeWithScore, QueryBundle, TextNode  # noqa: E402

__all__ = ["TableragReader", "TableragRetriever"]


class TableragRetriever(BaseRetriever):
    """`Index.search` as a LlamaIndex retriever: ``k`` hits pre-filtered by ``filters``, scores kept."""

    def __init__(self, index: Any, k: int = 12, filters: dict[str, str] | None = None, **kwargs: Any) -> None:
        self.index = index
        self.k = k
        self.filters = filters
        super().__init__(**kwargs)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        hits = self.index.search(query_bundle.query_str, k=self.k, filters=self.filters)
        return [
            NodeWithScore(node=TextNode(id_=h.id, text=h.text, metadata=hit_metadata(h)), score=h.score) for h in hits
        ]


class TableragReader(BaseReader):
    """One Document per table row of the given files (folders are walked). A file that cannot be read is skipped
    and named with its cause in ``errors``."""

    def __init__(self, version: str | None = None, limits: Limits | None = None) -> None:
        self.version = version
        self.limits = limits
        self.errors: list[str] = []

    def lazy_load_data(self, paths: PathLike | Iterable[PathLike], *args: Any, **kwargs: Any) -> Iterator[Document]:
        reader = RowReader(as_paths(paths), Tags(version=self.version), self.limits, self.errors)
        for record in reader.records():
            yield Document(id_=record.id, text=record.text, metadata=record_metadata(record))

    def load_data(self, paths: PathLike | Iterable[PathLike], *args: Any, **kwargs: Any) -> list[Document]:
        return list(self.lazy_load_data(paths))
