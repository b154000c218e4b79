"""The pipeline's first stages, for one file: parse it (within the reading limits) and decompose it into records,
template records always and LLM-written ones when an LLM is given. They run in any process (the local loop's
reader threads, Ray tasks, the service); embedding and committing are the index's.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tablerag.decomposition.records import RecordOptions, Tags, document_records, tag_records
from tablerag.index.ingest import IngestResult, Prepared, failed
from tablerag.limits import Limits, run_with_deadline
from tablerag.llm.describe import LlmDecompositionOptions, decompose_document
from tablerag.llm.images import document_images
from tablerag.model import ParsedDocument, Record
from tablerag.parsing import SUFFIXES, parse
from tablerag.parsing.image import usable_cpus
from tablerag.parsing.onnx_models import THREADS_ENV

if TYPE_CHECKING:
    from tablerag.llm.base import Llm

__all__ = ["expand_paths", "llm_records", "prepare"]

MAX_REPORTED_LLM_ERRORS = 3  # a dead endpoint fails every call alike: a few messages say it, hundreds drown it


def expand_paths(paths: Iterable[str | os.PathLike[str]]) -> list[tuple[Path, bool]]:
    """Files to ingest, folders walked in sorted order; the flag says whether the user named the file itself."""
    out: list[tuple[Path, bool]] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend((f, False) for f in sorted(p.rglob("*")) if f.is_file() and f.suffix.lower() in SUFFIXES)
        else:
            out.append((p, True))
    return out


def prepare(
    path: str | os.PathLike[str],
    tags: Tags,
    facts: bool = True,
    options: RecordOptions | None = None,
    limits: Limits | None = None,
    llm: Llm | None = None,
    sha256: str | None = None,
    slot: int = 0,
    readers: int = 1,
) -> Prepared | IngestResult:
    """Parse and decompose one file (CPU work; runs in any process). Parsing runs within `limits` (default
    `Limits()`): in a worker process stopped after `max_seconds_per_document` (see tablerag.limits). With `llm`,
    every table also gets LLM-written cell sentences, a summary and a reading guide, checked by the
    numeric guard; they are added to the template records, never replace them. ``sha256``: the file's digest
    when the caller has it (the skip check computes it), so the file is hashed once. ``slot``: which reader
    process parses it (callers on several threads use one slot each); ``readers``: how many such processes read at
    once, which share the CPUs between their model sessions (`reader_threads`)."""
    limits = limits or Limits.from_env()
    try:
        doc = run_with_deadline(
            str(path),
            limits.max_seconds_per_document,
            _parse,
            reader_threads(readers),
            path,
            None,
            limits,
            sha256,
            slot=slot,
        )
        records = document_records(doc, tags, facts=facts, options=options)
        if llm is None or not doc.tables:
            return Prepared(str(path), doc, records)
        extra, stats = llm_records(doc, llm, tags)
        return Prepared(str(path), doc, records + extra, stats)
    except Exception as exc:  # a defect or an unforeseen library error is still data: the batch goes on
        return failed(path, exc)


def reader_threads(readers: int) -> int | None:
    """Threads per model session in each of `readers` reader processes: the CPUs shared out (None: one reader, the
    sessions' own default). On 2 cores, two readers with two onnxruntime threads each spent ~40% more CPU on a
    scanned page than with one (threads spinning while they wait for a core), for no less wall time."""
    if readers <= 1:
        return None
    return max(1, usable_cpus() // readers)


def _parse(threads: int | None, *args: Any) -> ParsedDocument:
    """`parse` in a reader process, its model sessions limited to `threads` unless the user configured them. Run
    in-process (no time limit), the setting is undone afterwards so it does not outlive the call."""
    if threads is None or os.environ.get(THREADS_ENV):
        return parse(*args)
    os.environ[THREADS_ENV] = str(threads)
    try:
        return parse(*args)
    finally:
        os.environ.pop(THREADS_ENV, None)


def llm_records(doc: ParsedDocument, llm: Llm, tags: Tags) -> tuple[list[Record], dict[str, Any]]:
    """LLM decomposition of one parsed document (multimodal: PDF tables go with their page crop). LLM failures
    are counted in the returned stats, never raised: the template records stand on their own."""
    records, stats = decompose_document(doc, llm, document_images(doc), LlmDecompositionOptions(version=tags.version))
    out = stats.as_dict()
    out["errors"] = out["errors"][:MAX_REPORTED_LLM_ERRORS]
    return tag_records(records, doc, tags), out
