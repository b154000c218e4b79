"""`tablerag tables FILE`: the tables found in one file, as JSON (the design page's contract), Markdown, HTML or
CSV."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from tablerag.cli.common import emit, err, parse_pages
from tablerag.decomposition.serialize import to_csv, to_html, to_json, to_markdown
from tablerag.errors import TableragError
from tablerag.parsing import parse

app = typer.Typer()


class TableFormat(StrEnum):
    JSON = "json"
    MARKDOWN = "markdown"
    HTML = "html"
    CSV = "csv"


@app.command()
def tables(
    file: Annotated[Path, typer.Argument(help="A PDF, XLSX, CSV/TSV, TXT/MD file.")],
    fmt: Annotated[TableFormat, typer.Option("--format", "-f")] = TableFormat.JSON,
    pages: Annotated[str | None, typer.Option("--pages", help="PDF pages, e.g. 1,3-5.")] = None,
) -> None:
    """Print the tables found in one file."""
    try:
        doc = parse(file, pages=parse_pages(pages))
    except TableragError as exc:
        if fmt is TableFormat.JSON:
            emit({"file": str(file), "tables": [], "errors": [str(exc)]})
        else:
            err(str(exc))
        raise typer.Exit(1) from exc
    if fmt is TableFormat.JSON:
        emit({"file": str(file), "tables": [to_json(t) for t in doc.tables], "errors": []})
    elif fmt is TableFormat.MARKDOWN:
        print("\n\n".join(f"## {t.id}\n\n{to_markdown(t)}" for t in doc.tables))
    elif fmt is TableFormat.CSV:  # formula-like cells neutralised (a leading ' ), tables apart by a blank line
        sys.stdout.write("\n".join(to_csv(t) for t in doc.tables))
    else:
        print("\n".join(to_html(t) for t in doc.tables))
