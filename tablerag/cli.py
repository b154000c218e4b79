"""`tablerag ingest | query | tables` — the command line over the Python API. JSON outputs follow the contracts
in the design page; with --json, stdout holds only JSON (progress and messages go to stderr)."""

from __future__ import annotations

import json
import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag.batch import BatchResult, run_batch
from tablerag.eval.cli import LlmSql, eval_app
from tablerag.index.ingest import DenseRecords
from tablerag.models_cli import models_app
from tablerag.schema.cli import schema_app

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Tables in real documents -> cited answers.")
app.add_typer(eval_app, name="eval")
app.add_typer(schema_app, name="schema")
app.add_typer(models_app, name="models")

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


class PdfVisionOpt(StrEnum):  # mirrors tablerag.parsing.pdf.PdfVision without importing the parser at start-up
    AUTO = "auto"
    ALWAYS = "always"
    NEVER = "never"


class Engine(StrEnum):
    LOCAL = "local"
    RAY = "ray"


class TableFormat(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    HTML = "html"
    CSV = "csv"


def _limits(
    pages: int | None, file_mb: float | None, pixels: int | None, cells: int | None, seconds: float | None
) -> Any:
    """Limits from the environment (TABLERAG_MAX_...) with the CLI options on top."""
    from tablerag.limits import Limits

    file_bytes = int(file_mb * 1024**2) if file_mb is not None else None
    return Limits.from_env().with_overrides(
        max_pages=pages,
        max_file_bytes=file_bytes,
        max_pixels_per_page=pixels,
        max_cells_per_table=cells,
        max_seconds_per_document=seconds,
    )


def _err(msg: str) -> None:
    print(msg, file=sys.stderr)


def _emit(obj: Any) -> None:
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")


def parse_pages(spec: str | None) -> list[int] | None:
    """'1,3-5' -> [1, 3, 4, 5] (1-based)."""
    if not spec:
        return None
    pages: list[int] = []
    for part in spec.split(","):
        lo, _, hi = part.strip().partition("-")
        try:
            pages.extend(range(int(lo), int(hi or lo) + 1))
        except ValueError as exc:
            raise typer.BadParameter(f"bad page range '{part}' (use e.g. 1,3-5)") from exc
    return pages


def parse_filters(items: list[str] | None) -> dict[str, str] | None:
    out: dict[str, str] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise typer.BadParameter(f"filter '{item}' must be key=value")
        out[key.strip()] = value.strip()
    return out or None


IndexOpt = Annotated[Path, typer.Option("--index", "-i", help="Index folder.")]
ChromaOpt = Annotated[str | None, typer.Option("--chroma-url", help="ChromaDB server, e.g. http://127.0.0.1:8000.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")]
EmbedderOpt = Annotated[
    str | None, typer.Option("--embedder", help="use | minilm | a sentence-transformers name or path.")
]


@app.command()
def ingest(
    paths: Annotated[list[Path], typer.Argument(help="Files or folders.")],
    index: IndexOpt,
    access_level: Annotated[str | None, typer.Option("--access-level")] = None,
    tenant: Annotated[str | None, typer.Option("--tenant")] = None,
    version: Annotated[str | None, typer.Option("--version")] = None,
    embedder: EmbedderOpt = None,
    keep_versions: Annotated[bool, typer.Option("--keep-versions", help="Keep a changed file's old version.")] = False,
    engine: Annotated[Engine, typer.Option("--engine", help="local, or ray (Ray Data stages).")] = Engine.LOCAL,
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (ray engine).")] = None,
    chroma_url: ChromaOpt = None,
    max_pages: Annotated[int | None, typer.Option("--max-pages", help="Pages per document (default 5000).")] = None,
    max_file_mb: Annotated[float | None, typer.Option("--max-file-mb", help="MB per file (default 2048).")] = None,
    max_pixels: Annotated[int | None, typer.Option("--max-pixels", help="Pixels per page or image.")] = None,
    max_cells: Annotated[int | None, typer.Option("--max-cells", help="Cells per table (default 2 M).")] = None,
    max_seconds: Annotated[float | None, typer.Option("--max-seconds", help="Seconds to read one document.")] = None,
    llm: Annotated[
        bool,
        typer.Option(
            "--llm",
            help="Also let an LLM write cell sentences and a table summary (OpenAI-compatible endpoint from "
            "TABLERAG_LLM_BASE_URL / TABLERAG_LLM_MODEL); sentences whose numbers are not in the table are dropped.",
        ),
    ] = False,
    dense: Annotated[
        DenseRecords | None,
        typer.Option(
            "--dense",
            help="Records with dense vectors in a new index: no-facts (default: cell facts are found by BM25 and "
            "their row's vector) or all. An index keeps its choice.",
        ),
    ] = None,
    vision: Annotated[
        PdfVisionOpt | None,
        typer.Option(
            "--vision",
            help="Born-digital PDF pages through the table models: never (default), always, or auto (the models "
            "where the text layer finds no table). Sets TABLERAG_PDF_VISION for the run.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> None:
    """Parse, decompose and index documents. Failures are reported; the batch goes on."""
    if vision is not None:
        os.environ["TABLERAG_PDF_VISION"] = vision.value  # read by the PDF reader (and inherited by its workers)
    from tablerag.decomposition.records import Tags
    from tablerag.pipeline import Index
    from tablerag.pipeline.prepare import expand_paths

    files = [p for p, _ in expand_paths(paths)]
    tags = Tags(version=version, access_level=access_level, tenant=tenant)
    limits = _limits(max_pages, max_file_mb, max_pixels, max_cells, max_seconds)
    llm_config = _llm_config() if llm else None
    with (
        Index(index, embedder=embedder, chroma_url=chroma_url, limits=limits, dense=dense) as idx,
        _progress(as_json) as bar,
    ):
        task = bar.add_task("ingest", total=len(files), pages=0)

        def advance(r: Any) -> None:
            pages = bar.tasks[task].fields.get("pages", 0) + (r.pages or 0)
            bar.update(task, advance=1, description=Path(r.path).name[:40], pages=pages)

        if engine is Engine.RAY:
            from tablerag.pipeline.distributed import add_with_ray

            report = add_with_ray(
                idx,
                list(files),
                tags,
                address=address,
                keep_versions=keep_versions,
                progress=advance,
                llm_config=llm_config,
            )
        else:
            report = idx.add(
                files,
                version=version,
                access_level=access_level,
                tenant=tenant,
                keep_versions=keep_versions,
                progress=advance,
                llm=_llm_client(llm_config),
            )
        stats = idx.stats()
    summary: dict[str, Any] = {s: report.count(s) for s in ("added", "replaced", "unchanged", "failed")}
    if llm_config is not None:
        summary["llm"] = llm_totals(report.results)
    if as_json:
        _emit(
            {"index": str(index), "results": [r.to_dict() for r in report.results], "summary": summary, "stats": stats}
        )
    else:
        for r in report.failures:
            _err(f"FAILED {r.error}")
        _err(f"{summary} -> index {index}: {stats}")
    if report.results and len(report.failures) == len(report.results):
        raise typer.Exit(1)


def _llm_config() -> Any:
    """The endpoint from the environment, or a clear exit when none is set."""
    from tablerag.llm.base import LlmError
    from tablerag.llm.client import LlmConfig

    try:
        return LlmConfig.from_env()
    except LlmError as exc:
        _err(f"--llm: {exc}")
        raise typer.Exit(2) from exc


def _llm_client(config: Any) -> Any:
    if config is None:
        return None
    from tablerag.llm.client import OpenAiLlm

    return OpenAiLlm(config)


def llm_totals(results: list[Any]) -> dict[str, int]:
    """LLM decomposition counters summed over a batch (documents prepared this run)."""
    keys = ("tables", "calls", "cached", "failed_calls", "generated", "kept", "dropped_by_guard")
    return {k: sum(int((r.llm or {}).get(k, 0)) for r in results) for k in keys}


def _progress(quiet: bool) -> Any:
    """A progress bar on stderr with rate and ETA; hidden once done when stdout carries JSON."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, TextColumn, TimeRemainingColumn
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Files/s, and pages/s over the whole run once pages were read (what a reader of reports waits for)."""

        def render(self, task: Any) -> Text:
            rate = f"{task.speed:.2f} files/s" if task.speed else ""
            pages, elapsed = task.fields.get("pages", 0), task.elapsed
            if pages and elapsed:
                rate += f" {pages / elapsed:.2f} pages/s"
            return Text(rate, style="dim")

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=quiet,
    )


@app.command()
def query(
    question: Annotated[str | None, typer.Argument(help="The question.")] = None,
    index: IndexOpt = Path(".tablerag"),
    k: Annotated[int, typer.Option("-k", help="Hits to return.")] = 12,
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value, applied before ranking.")] = None,
    questions: Annotated[Path | None, typer.Option("--questions", help="JSONL: {id, question, filters?}.")] = None,
    llm: Annotated[
        bool,
        typer.Option(
            "--llm",
            help="Route with an LLM and let it write SQL in the sandbox (OpenAI-compatible endpoint from "
            "TABLERAG_LLM_BASE_URL / TABLERAG_LLM_MODEL); the rules answer whenever it is refused or fails.",
        ),
    ] = False,
    llm_sql: Annotated[
        LlmSql, typer.Option(help="With --llm: off (route only) | fallback (after the rules) | prefer (before them).")
    ] = LlmSql.FALLBACK,
    as_json: JsonOpt = False,
) -> None:
    """Search the index and answer with a cited value when a row and a column can be linked."""
    from tablerag.pipeline import Index

    if not index.exists():
        _err(f"no index at {index}: run `tablerag ingest PATH --index {index}` first")
        raise typer.Exit(2)
    if (question is None) == (questions is None):
        raise typer.BadParameter("give a QUESTION or --questions FILE.jsonl")
    qa_llm = _qa_llm(llm_sql) if llm else None
    with Index(index) as idx:

        def answer(text: str, where: dict[str, str] | None) -> Any:
            if qa_llm is None:
                return idx.ask(text, k=k, filters=where)
            from tablerag.qa.answer import ask

            return ask(idx, text, k=k, filters=where, llm=qa_llm)

        if questions is not None:
            cli_filters = parse_filters(filters) or {}

            def handle(item: dict[str, Any]) -> dict[str, Any]:
                merged = {**(item.get("filters") or {}), **cli_filters} or None  # CLI filters win
                return {"id": item.get("id"), **answer(item["question"], merged).to_dict()}

            _finish_batch(run_batch(questions, handle, _emit))
            return
        assert question is not None
        result = answer(question, parse_filters(filters))
    if as_json:
        _emit(result.to_dict())
        return
    _print_result(result)


def _finish_batch(result: BatchResult) -> None:
    if (summary := result.summary()) is not None:
        _err(summary)
    if result.exit_code:
        raise typer.Exit(result.exit_code)


def _qa_llm(sql: LlmSql) -> Any:
    """`tablerag.qa.llm.LlmQa` over the environment's endpoint (query --llm)."""
    from tablerag.qa.llm import LlmQa, SqlMode

    return LlmQa(_llm_client(_llm_config()), sql=SqlMode(sql.value))


def _print_result(result: Any) -> None:
    from rich.console import Console

    console = Console()
    for i, h in enumerate(result.hits, 1):
        console.print(f"[dim]{i:>2}. {h.kind:<7} {h.score:.4f}[/dim] {h.text[:160]!r}")
    if result.answer is None:
        console.print("[yellow]No answer: the index is empty or nothing matched.[/yellow]")
    else:
        console.print(f"\n[bold]Answer:[/bold] {result.answer.text}")
        for cand in result.answer.candidates:
            console.print(f"  - {cand.text}")


@app.command()
def tables(
    file: Annotated[Path, typer.Argument(help="A PDF, XLSX, CSV/TSV, TXT/MD file.")],
    fmt: Annotated[TableFormat, typer.Option("--format", "-f")] = TableFormat.JSON,
    pages: Annotated[str | None, typer.Option("--pages", help="PDF pages, e.g. 1,3-5.")] = None,
) -> None:
    """Print the tables found in one file."""
    from tablerag.decomposition.serialize import to_csv, to_html, to_json, to_markdown
    from tablerag.errors import TableragError
    from tablerag.parsing import parse

    try:
        doc = parse(file, pages=parse_pages(pages))
    except TableragError as exc:
        if fmt is TableFormat.JSON:
            _emit({"file": str(file), "tables": [], "errors": [str(exc)]})
        else:
            _err(str(exc))
        raise typer.Exit(1) from exc
    if fmt is TableFormat.JSON:
        _emit({"file": str(file), "tables": [to_json(t) for t in doc.tables], "errors": []})
    elif fmt is TableFormat.MARKDOWN:
        print("\n\n".join(f"## {t.id}\n\n{to_markdown(t)}" for t in doc.tables))
    elif fmt is TableFormat.CSV:  # formula-like cells neutralised (a leading ' ), tables apart by a blank line
        sys.stdout.write("\n".join(to_csv(t) for t in doc.tables))
    else:
        print("\n".join(to_html(t) for t in doc.tables))


@app.command()
def report(
    index: IndexOpt,
    out: Annotated[Path, typer.Option("--out", "-o", help="HTML file to write.")] = Path("report.html"),
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value: only these documents.")] = None,
) -> None:
    """An HTML report: per document its tables, the path that found them, confidences, errors, page crops."""
    from tablerag.pipeline import Index
    from tablerag.report import write_report

    if not index.exists():
        _err(f"no index at {index}")
        raise typer.Exit(2)
    with Index(index) as idx:
        write_report(idx, out, parse_filters(filters))
    _err(f"report written to {out}")


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="A PDF or an image (PNG, JPEG, TIFF).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write the picture (PNG).")],
    page: Annotated[int, typer.Option("--page", "-p", help="1-based page (TIFF frame).")] = 1,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the picture for PDF pages.")] = 110,
) -> None:
    """Draw the tables found on a page — table boxes, rows, columns, header and spanning cells — over its image."""
    from tablerag.errors import TableragError
    from tablerag.show import show as draw

    try:
        shown = draw(file, page, out, dpi)
    except TableragError as exc:
        _err(str(exc))
        raise typer.Exit(1) from exc
    _err(f"{shown.tables} table(s) on page {shown.page} -> {shown.out}")


@app.command()
def serve(
    index: IndexOpt,
    host: Annotated[str, typer.Option("--host", help="Address to listen on (loopback by default).")] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help="Port to listen on.")] = 8000,
    keys: Annotated[
        Path | None,
        typer.Option("--keys", help="JSON file of API keys -> tenant, access level (else TABLERAG_API_KEYS)."),
    ] = None,
    embedder: EmbedderOpt = None,
    max_file_mb: Annotated[float | None, typer.Option("--max-file-mb", help="MB per upload (default 2048).")] = None,
) -> None:
    """An HTTP service over the index (OpenAPI docs at /docs): upload, list, delete, query, tables; every request
    runs inside its API key's tenant."""
    from tablerag._lazy import need
    from tablerag.service.auth import KeyFileError, KeyRing

    uvicorn = need("uvicorn", "service")
    need("fastapi", "service")
    try:
        ring = KeyRing.load(keys)
    except KeyFileError as exc:
        _err(str(exc))
        raise typer.Exit(2) from exc
    from tablerag.service.app import create_app

    api = create_app(index, ring, _limits(None, max_file_mb, None, None, None), embedder=embedder)
    _err(f"serving index {index} for {len(ring)} API key(s) on http://{host}:{port} (docs: /docs)")
    uvicorn.run(api, host=host, port=port, log_level="warning")


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
