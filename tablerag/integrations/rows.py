"""What both framework integrations share: the metadata a retrieved hit or a loaded row carries (the full
provenance: file, page or sheet, row, column, table id, version) and the row records of files, read with the same
parsing, limits and failure reporting as `tablerag ingest`."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tablerag.decomposition.records import Tags
from tablerag.index.ingest import IngestResult
from tablerag.pipeline.prepare import expand_paths, prepare

if TYPE_CHECKING:
    from tablerag.index.query import Hit
    from tablerag.limits import Limits
    from tablerag.model import Record

PathLike = str | os.PathLike[str]


def provenance_metadata(record_id: str, kind: str, source: dict[str, Any]) -> dict[str, Any]:
    """Flat metadata (vector stores take scalars only; None values are left out): the record's id and kind, the
    conventional ``source`` (the file), and every provenance field the index holds."""
    out: dict[str, Any] = {"id": record_id, "kind": kind, "source": source.get("file")}
    out.update({k: v for k, v in source.items() if v is not None})
    return out


def hit_metadata(hit: Hit) -> dict[str, Any]:
    return provenance_metadata(hit.id, hit.kind, hit.source) | {"score": hit.score}


def record_metadata(record: Record) -> dict[str, Any]:
    return provenance_metadata(record.id, record.kind, record.provenance.to_dict())


@dataclass(slots=True)
class RowReader:
    """The row records of files (one per table row, its text with the header chain), read as `tablerag ingest`
    reads them. A file that cannot be read is recorded in ``errors`` (naming the file and the cause) and skipped:
    the others are still read."""

    paths: list[PathLike]
    tags: Tags = field(default_factory=Tags)
    limits: Limits | None = None
    errors: list[str] = field(default_factory=list)

    def records(self) -> Iterator[Record]:

        for path, _ in expand_paths(self.paths):
            got = prepare(path, self.tags, facts=False, limits=self.limits)
            if isinstance(got, IngestResult):
                self.errors.append(got.error or f"{path}: not read")
                continue
            yield from (r for r in got.records if r.kind == "row")


def as_paths(paths: PathLike | Iterable[PathLike]) -> list[PathLike]:
    return [paths] if isinstance(paths, (str, os.PathLike)) else list(paths)
