"""`tablerag report`: an HTML report of what an index holds, document by document."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablerag.cli.common import IndexOpt, err, parse_filters
from tablerag.pipeline import Index
from tablerag.report import write_report

app = typer.Typer()


@app.command()
def report(
    index: IndexOpt,
    out: Annotated[Path, typer.Option("--out", "-o", help="HTML file to write.")] = Path("report.html"),
    filters: Annotated[list[str] | None, typer.Option("--filter", help="key=value: only these documents.")] = None,
) -> None:
    """An HTML report: per document its tables, the path that found them, confidences, errors, page crops."""
    if not index.exists():
        err(f"no index at {index}")
        raise typer.Exit(2)
    with Index(index) as idx:
        write_report(idx, out, parse_filters(filters))
    err(f"report written to {out}")
