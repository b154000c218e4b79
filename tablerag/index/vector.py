"""Vector store: a ChromaDB collection (embedded on disk, or a server by URL) fed with our own embeddings.

Chroma never embeds anything here (``embedding_function=None``); the collection uses cosine space and
remembers the embedder's name in its metadata, so an index is never queried with another model's vectors.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import numpy as np

from tablerag.errors import IndexMismatchError

EMBEDDER_KEY = "embedder"  # collection metadata key holding the embedder name the vectors came from
COSINE_CONFIGURATION = {"hnsw": {"space": "cosine"}}  # chromadb 1.x: distance = 1 - cosine similarity
DEFAULT_HTTP_PORT = 8000  # chroma's own default server port, used when a URL names none

MetaValue = str | int | float | bool


def _client(path: Path | None, url: str | None) -> Any:
    import chromadb  # core dependency, imported late: `import tablerag` must stay light
    from chromadb.config import Settings

    settings = Settings(anonymized_telemetry=False)
    if url:
        parts = urlparse(url)
        return chromadb.HttpClient(
            host=parts.hostname or "localhost",
            port=parts.port or DEFAULT_HTTP_PORT,
            ssl=parts.scheme == "https",
            settings=settings,
        )
    if path is None:
        raise ValueError("VectorStore needs a path (embedded store) or a url (chroma server)")
    Path(path).mkdir(parents=True, exist_ok=True)
    return chromadb.PersistentClient(path=str(path), settings=settings)


def clean_metadata(metadata: Mapping[str, Any]) -> dict[str, MetaValue]:
    """Drop None values (Chroma rejects them); keep str/int/float/bool; stringify anything else."""
    out: dict[str, MetaValue] = {}
    for key, value in metadata.items():
        if value is None:
            continue
        out[key] = value if isinstance(value, str | int | float | bool) else str(value)
    return out


def chroma_where(where: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """Chroma takes one condition per dict: ``{"doc": d, "kind": k}`` becomes ``{"$and": [{...}, {...}]}``."""
    if not where:
        return None
    if len(where) == 1 or any(key.startswith("$") for key in where):
        return dict(where)
    return {"$and": [{key: value} for key, value in where.items()]}


class VectorStore:
    def __init__(
        self,
        path: Path | None = None,
        url: str | None = None,
        collection: str = "records",
        embedder_name: str = "",
    ) -> None:
        self._client = _client(path, url)
        metadata = {EMBEDDER_KEY: embedder_name} if embedder_name else None
        self._collection: Any = self._client.get_or_create_collection(
            collection, configuration=COSINE_CONFIGURATION, metadata=metadata, embedding_function=None
        )
        self.embedder_name = self._check_embedder(embedder_name, collection)
        self._max_batch = int(self._client.get_max_batch_size())

    def _check_embedder(self, wanted: str, collection: str) -> str:
        """The stored embedder name; raises when the caller asked for another one."""
        stored = str((self._collection.metadata or {}).get(EMBEDDER_KEY, ""))
        if wanted and stored and stored != wanted:
            raise IndexMismatchError(
                f"collection {collection!r} was built with embedder {stored!r}, not {wanted!r}: "
                f"rebuild the index or query it with {stored!r}"
            )
        if wanted and not stored:
            self._collection.modify(metadata={EMBEDDER_KEY: wanted})
            return wanted
        return stored

    def upsert(
        self,
        ids: Sequence[str],
        embeddings: np.ndarray,
        texts: Sequence[str],
        metadatas: Sequence[Mapping[str, MetaValue | None]],
    ) -> None:
        if not (len(ids) == len(embeddings) == len(texts) == len(metadatas)):
            raise ValueError(
                f"upsert: lengths differ (ids {len(ids)}, embeddings {len(embeddings)}, "
                f"texts {len(texts)}, metadatas {len(metadatas)})"
            )
        vectors = np.asarray(embeddings, dtype=np.float32)
        for start in range(0, len(ids), self._max_batch):
            end = start + self._max_batch
            self._collection.upsert(
                ids=list(ids[start:end]),
                embeddings=vectors[start:end],
                documents=list(texts[start:end]),
                metadatas=[_or_none(clean_metadata(m)) for m in metadatas[start:end]],
            )

    def delete_where(self, where: Mapping[str, Any]) -> None:
        condition = chroma_where(where)
        if condition is None:
            raise ValueError("delete_where needs a non-empty filter (refusing to delete everything)")
        self._collection.delete(where=condition)

    def query(self, embedding: np.ndarray, k: int, where: Mapping[str, Any] | None = None) -> list[tuple[str, float]]:
        """(id, cosine similarity) best first; ``where`` restricts the candidates before ranking."""
        if k <= 0:  # an empty collection answers with no ids: no count() round trip on every query
            return []
        query = np.asarray(embedding, dtype=np.float32).reshape(1, -1)
        result = self._collection.query(
            query_embeddings=query, n_results=k, where=chroma_where(where), include=["distances"]
        )
        ids: Sequence[str] = result["ids"][0] if result["ids"] else []
        distances: Sequence[float] = (result["distances"] or [[]])[0]
        return [(i, 1.0 - float(d)) for i, d in zip(ids, distances, strict=True)]

    def vectors(self, ids: Sequence[str]) -> dict[str, np.ndarray]:
        """Stored embeddings by id (ids the collection lacks are left out), in one read."""
        if not ids:
            return {}
        got = self._collection.get(ids=list(ids), include=["embeddings"])
        embeddings = got["embeddings"]
        if embeddings is None or len(embeddings) == 0:
            return {}
        matrix = np.asarray(embeddings, dtype=np.float32)
        return {i: matrix[n] for n, i in enumerate(got["ids"])}

    def get_ids(self, where: Mapping[str, Any] | None = None) -> list[str]:
        return list(self._collection.get(where=chroma_where(where), include=[])["ids"])

    def count(self) -> int:
        return int(self._collection.count())


def _or_none(metadata: dict[str, MetaValue]) -> dict[str, MetaValue] | None:
    """Chroma rejects an empty metadata dict; None means 'no metadata'."""
    return metadata or None
