"""`tablerag ingest`: parse, decompose and index files and folders, with a progress bar on stderr."""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag.cli.common import (
    ChromaOpt,
    EmbedderOpt,
    IndexOpt,
    JsonOpt,
    cli_limits,
    emit,
    err,
    llm_client,
    llm_config,
)
from tablerag.decomposition.records import Tags
from tablerag.index.ingest import DenseRecords, IngestResult
from tablerag.parsing.pdf import PdfVision
from tablerag.pipeline import Index
from tablerag.pipeline.distributed import add_with_ray
from tablerag.pipeline.prepare import expand_paths

app = typer.Typer()

LLM_COUNTERS = ("tables", "calls", "cached", "failed_calls", "generated", "kept", "dropped_by_guard")


class Engine(StrEnum):
    LOCAL = "local"
    RAY = "ray"


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
        PdfVision | None,
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
    files = [p for p, _ in expand_paths(paths)]
    tags = Tags(version=version, access_level=access_level, tenant=tenant)
    limits = cli_limits(max_pages, max_file_mb, max_pixels, max_cells, max_seconds)
    config = llm_config() if llm else None
    with (
        Index(index, embedder=embedder, chroma_url=chroma_url, limits=limits, dense=dense) as idx,
        progress_bar(as_json) as bar,
    ):
        task = bar.add_task("ingest", total=len(files), pages=0)

        def advance(r: IngestResult) -> None:
            pages = bar.tasks[task].fields.get("pages", 0) + (r.pages or 0)
            bar.update(task, advance=1, description=Path(r.path).name[:40], pages=pages)

        if engine is Engine.RAY:
            report = add_with_ray(
                idx, list(files), tags, address=address, keep_versions=keep_versions, progress=advance,
                llm_config=config,
            )  # fmt: skip
        else:
            report = idx.add(
                files, version=version, access_level=access_level, tenant=tenant, keep_versions=keep_versions,
                progress=advance, llm=llm_client(config),
            )  # fmt: skip
        stats = idx.stats()
    summary: dict[str, Any] = {s: report.count(s) for s in ("added", "replaced", "unchanged", "failed")}
    if config is not None:
        summary["llm"] = llm_totals(report.results)
    if as_json:
        emit(
            {"index": str(index), "results": [r.to_dict() for r in report.results], "summary": summary, "stats": stats}
        )
    else:
        for r in report.failures:
            err(f"FAILED {r.error}")
        err(f"{summary} -> index {index}: {stats}")
    if report.results and len(report.failures) == len(report.results):
        raise typer.Exit(1)


def llm_totals(results: list[IngestResult]) -> dict[str, int]:
    """LLM decomposition counters summed over a batch (documents prepared this run)."""
    return {k: sum(int((r.llm or {}).get(k, 0)) for r in results) for k in LLM_COUNTERS}


def progress_bar(quiet: bool) -> Any:
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
