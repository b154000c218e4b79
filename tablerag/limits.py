"""Resource limits for reading documents: one frozen `Limits`, each default a named constant with its reason.

Where each limit is enforced:
- before parsing (`tablerag.parsing.safety.preflight`, cheap reads of headers only): file size, pages, pixels per
  page (image headers, PDF page boxes and embedded images), the inflated size and ratio of an XLSX zip and the DTDs
  in its XML parts, the longest line and the widest line of a CSV/TSV/TXT;
- after parsing: cells per table;
- around parsing: seconds per document. The reader runs in a separate worker process (`run_with_deadline`) that
  is killed when the deadline passes. Why a process and not a cooperative check per page or row: the slow step
  of a hostile file is often one call into C (MuPDF on a crafted page, the csv module on a 100 MB line, zlib on a
  bomb) that no Python check can interrupt, and a signal alarm only works in the main thread. The cost: one fork
  from a fork server per document (the readers, PyMuPDF and openpyxl are preloaded there) plus pickling the
  parsed document back; measured on a loaded 2-core machine: +17 ms for a small CSV (5 -> 22 ms), +60 ms for a
  one-page PDF (215 -> 278 ms; MuPDF warms its caches per process). `max_seconds_per_document=None` (or
  TABLERAG_MAX_SECONDS_PER_DOCUMENT=none) reads in-process instead. A reader that crashes the worker (a segfault
  in a C library) becomes a BadInputError for that file; the batch goes on.

Exceeded limits raise `LimitExceededError` (a `BadInputError`), which a batch records as that file's error.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, TypeVar

from tablerag.errors import BadInputError, LimitExceededError, TimeLimitError

# a reused reader process is retired after this many documents: whatever a reader library kept (caches, a
# fragmented heap after a big file) goes back to the system, and a slow leak cannot grow without bound
WORKER_MAX_DOCUMENTS = 200
MAX_FILE_BYTES = 2 * 1024**3  # 2 GiB: larger inputs are almost surely not documents a person wrote
MAX_PAGES = 5_000  # the thickest real reports (statistical yearbooks, annual filings) stay below a few thousand
MAX_PIXELS_PER_PAGE = 178_956_970  # PIL's own decompression-bomb error line (2 x 89.5 M px): an A0 sheet at 300 dpi
# (140 M px) still passes, a 30,000 x 30,000 px bomb (900 M px, 2.7 GB as RGB) does not
MAX_CELLS_PER_TABLE = 2_000_000  # a Cell costs ~200 bytes with its text: 2 M cells is ~0.5 GB for one table
MAX_SECONDS_PER_DOCUMENT = 900.0  # real documents in ../shared/data read in seconds; 15 min lets a 5,000-page
# report finish while one hostile file cannot stall a batch for hours
MAX_XML_INFLATE_BYTES = 4 * 1024**3  # sum of an XLSX's unzipped parts: ~400 MB of real workbook at the ~10x
# compression sheets show; the streaming reader keeps memory flat up to that size
MAX_XML_INFLATE_RATIO = 100.0  # real sheet XML compresses 2-17x (HiTab max 12.7, a sheet of 1 M zeros 16.3);
# deflate bombs reach ~1,000x
INFLATE_RATIO_MIN_BYTES = 1024**2  # the ratio is only judged for parts above 1 MiB (tiny parts compress oddly)
MAX_LINE_BYTES = 32 * 1024**2  # twice the CSV reader's 16 MiB field limit: a longer line is not a table row
MAX_COLUMNS = 16_384  # Excel's own column limit (XFD): a wider "table" is not one a person made
ENV_PREFIX = "TABLERAG_"  # Limits.from_env reads TABLERAG_MAX_PAGES, TABLERAG_MAX_FILE_BYTES, ...

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Limits:
    """What one document may cost. None switches a limit off (only for trusted input)."""

    max_file_bytes: int | None = MAX_FILE_BYTES
    max_pages: int | None = MAX_PAGES
    max_pixels_per_page: int | None = MAX_PIXELS_PER_PAGE
    max_cells_per_table: int | None = MAX_CELLS_PER_TABLE
    max_seconds_per_document: float | None = MAX_SECONDS_PER_DOCUMENT
    max_xml_inflate_bytes: int | None = MAX_XML_INFLATE_BYTES
    max_xml_inflate_ratio: float | None = MAX_XML_INFLATE_RATIO
    max_line_bytes: int | None = MAX_LINE_BYTES
    max_columns: int | None = MAX_COLUMNS

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Limits:
        """Defaults overridden by TABLERAG_MAX_... variables ("none" or "off" switches a limit off)."""
        env = os.environ if environ is None else environ
        changes: dict[str, Any] = {}
        for f in fields(cls):
            raw = env.get(ENV_PREFIX + f.name.upper())
            if raw is not None:
                changes[f.name] = _parse_value(f.name, raw)
        return cls(**changes)

    def with_overrides(self, **values: Any) -> Limits:
        """A copy with the given limits changed; None values are ignored (CLI options left unset)."""
        return replace(self, **{k: v for k, v in values.items() if v is not None})


def _parse_value(name: str, raw: str) -> float | int | None:
    text = raw.strip().lower()
    if text in ("none", "off", ""):
        return None
    try:
        number = float(text)
    except ValueError as exc:
        raise ValueError(f"{ENV_PREFIX}{name.upper()}={raw!r} is not a number") from exc
    return number if "seconds" in name or "ratio" in name else int(number)


def check(path: str, limit: str, value: float | int, maximum: float | int | None, what: str = "") -> None:
    """Raise LimitExceededError when `value` is over `maximum` (a None maximum is no limit)."""
    if maximum is not None and value > maximum:
        raise LimitExceededError(path, limit, value, maximum, what)


def check_cells(path: str, tables: list[Any], limits: Limits) -> None:
    """Cells per table, after parsing."""
    for t in tables:
        check(path, "max_cells_per_table", len(t.cells), limits.max_cells_per_table, f"table {t.id}")


# --------------------------------------------------------------------------------------------- time limit


def _outcome(env: dict[str, str], fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[str, Any]:
    """The call under the parent's environment (a fork server keeps its own), as ("ok" | "bad" | "error", value)."""
    os.environ.clear()
    os.environ.update(env)
    try:
        return ("ok", fn(*args))
    except BadInputError as exc:
        return ("bad", exc)
    except BaseException as exc:  # noqa: BLE001 - a defect is reported to the parent, which decides
        return ("error", f"{type(exc).__name__}: {exc}")


def _serve(conn: Any) -> None:
    """Worker body: read documents until the parent closes its end (or dies), answer each one."""
    while True:
        try:
            env, fn, args = conn.recv()
        except (EOFError, OSError):
            return
        outcome = _outcome(env, fn, args)
        try:
            conn.send(outcome)
        except Exception as exc:  # an unpicklable result or exception: still an answer
            conn.send(("error", f"result could not be sent back ({type(exc).__name__}: {exc})"))


class _Worker:
    """One reader process, reused for document after document (a fresh process per document cost ~55 ms, more
    than parsing a small file); killed at a deadline and replaced, retired after WORKER_MAX_DOCUMENTS."""

    def __init__(self) -> None:
        ctx = _context()
        self.conn, child = ctx.Pipe(duplex=True)
        self.proc = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.proc.start()
        child.close()
        self.documents = 0

    def usable(self) -> bool:
        return self.proc.is_alive() and self.documents < WORKER_MAX_DOCUMENTS

    def stop(self) -> None:
        self.conn.close()
        if self.proc.is_alive():
            self.proc.kill()
        self.proc.join(timeout=5)


_workers: dict[int, _Worker] = {}  # reader process per slot
_slot_locks: dict[int, threading.Lock] = {}  # dict.setdefault is atomic under the GIL


# imported once by the fork server, so each forked reader starts warm (the readers import these lazily; pymupdf
# alone costs ~0.3 s per process); a missing optional one is skipped by the fork server
PRELOAD = [
    "tablerag.parsing",
    "tablerag.parsing.delimited",
    "tablerag.parsing.spreadsheet",
    "tablerag.parsing.xlsx_stream",
    "tablerag.parsing.pdf",
    "tablerag.parsing.safety",
    "pymupdf",
    "openpyxl",
    "PIL.Image",
]


def _context() -> Any:
    """A fork server with the readers preloaded (cheap forks, no threads inherited), else spawn."""
    import multiprocessing

    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(PRELOAD)
        return ctx
    return multiprocessing.get_context("spawn")


def run_with_deadline(path: str, seconds: float | None, fn: Callable[..., T], *args: Any, slot: int = 0) -> T:
    """`fn(*args)` in a reader process stopped after `seconds` (TimeLimitError); in-process when `seconds` is None.

    The reader process is reused across calls and replaced whenever it is killed or dies. A reader that dies (a
    crash in a C library) becomes a BadInputError naming the file, never a dead batch. Inside a daemonic process
    (a pool worker), which may not start children, the call runs in-process. Each `slot` has its own reader, so
    callers on several threads read documents in parallel (one slot per thread)."""
    import multiprocessing

    if seconds is None or multiprocessing.current_process().daemon:  # a daemonic process may not have children
        return fn(*args)
    with _slot_locks.setdefault(slot, threading.Lock()):
        worker = _workers.get(slot)
        if worker is None or not worker.usable():
            if worker is not None:
                worker.stop()
            worker = _workers[slot] = _Worker()
        worker.documents += 1
        try:
            worker.conn.send((dict(os.environ), fn, args))
            if not worker.conn.poll(seconds):
                raise TimeLimitError(path, seconds)
            kind, value = worker.conn.recv()
        except (EOFError, OSError):
            worker.proc.join(timeout=5)
            _workers.pop(slot, None)
            worker.stop()
            raise BadInputError(path, f"the reader process died (exit code {worker.proc.exitcode})") from None
        except TimeLimitError:
            _workers.pop(slot, None)
            worker.stop()
            raise
    if kind == "bad":
        raise value
    if kind == "error":
        raise RuntimeError(value)
    return value  # type: ignore[no-any-return]
