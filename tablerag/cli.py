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

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Tables in real documents -> cited answers.")

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


class TableFormat(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    HTML = "html"


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
    as_json: JsonOpt = False,
) -> None:
    """Parse, decompose and index documents. Failures are reported; the batch goes on."""
    from rich.progress import Progress

    from tablerag.index.core import Index, expand_paths

    files = expand_paths(paths)
    with Index(index, embedder=embedder) as idx, Progress(console=_stderr_console(), transient=as_json) as bar:
        task = bar.add_task("ingest", total=len(files))
        report = idx.add(
            [p for p, _ in files],
            version=version,
            access_level=access_level,
            tenant=tenant,
            progress=lambda r: bar.update(task, advance=1, description=Path(r.path).name[:40]),
        )
        stats = idx.stats()
    summary = {s: report.count(s) for s in ("added", "replaced", "unchanged", "failed")}
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


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


@app.command()
def query(
    question: Annotated[str | None, typer.Argument(help="The question.")] = None,
    index: IndexOpt = Path(".tablerag"),
    k: Annotated[int, typer.Option("-k", help="Hits to return.")] = 12,
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value, applied before ranking.")] = None,
    questions: Annotated[Path | None, typer.Option("--questions", help="JSONL: {id, question, filters?}.")] = None,
    as_json: JsonOpt = False,
) -> None:
    """Search the index and answer with a cited value when a row and a column can be linked."""
    from tablerag.index.core import Index

    if not index.exists():
        _err(f"no index at {index}: run `tablerag ingest PATH --index {index}` first")
        raise typer.Exit(2)
    if (question is None) == (questions is None):
        raise typer.BadParameter("give a QUESTION or --questions FILE.jsonl")
    with Index(index) as idx:
        if questions is not None:
            for line in questions.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    item = json.loads(line)
                    merged = {**(parse_filters(filters) or {}), **(item.get("filters") or {})} or None
                    out = idx.ask(item["question"], k=k, filters=merged).to_dict()
                    _emit({"id": item.get("id"), **out})
            return
        assert question is not None
        result = idx.ask(question, k=k, filters=parse_filters(filters))
    if as_json:
        _emit(result.to_dict())
        return
    _print_result(result)


def _print_result(result: Any) -> None:
    from rich.console import Console

    console = Console()
    for i, h in enumerate(result.hits, 1):
        console.print(f"[dim]{i:>2}. {h.kind:<7} {h.score:.4f}[/dim] {h.text[:160]!r}")
    if result.answer is None:
        console.print("[yellow]No answer: the index is empty or nothing matched.[/yellow]")
    else:
        console.print(f"\n[bold]Answer:[/bold] {result.answer.text}")


@app.command()
def tables(
    file: Annotated[Path, typer.Argument(help="A PDF, XLSX, CSV/TSV, TXT/MD file.")],
    fmt: Annotated[TableFormat, typer.Option("--format", "-f")] = TableFormat.JSON,
    pages: Annotated[str | None, typer.Option("--pages", help="PDF pages, e.g. 1,3-5.")] = None,
) -> None:
    """Print the tables found in one file."""
    from tablerag.decomposition.serialize import to_html, to_json, to_markdown
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
    else:
        print("\n".join(to_html(t) for t in doc.tables))


def main() -> None:  # pragma: no cover
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
