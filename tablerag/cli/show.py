"""`tablerag show FILE`: the tables found on one page drawn over its image."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablerag.cli.common import err
from tablerag.errors import TableragError
from tablerag.show import show as draw

app = typer.Typer()


@app.command()
def show(
    file: Annotated[Path, typer.Argument(help="A PDF or an image (PNG, JPEG, TIFF).")],
    out: Annotated[Path, typer.Option("--out", "-o", help="Where to write the picture (PNG).")],
    page: Annotated[int, typer.Option("--page", "-p", help="1-based page (TIFF frame).")] = 1,
    dpi: Annotated[int, typer.Option("--dpi", help="Resolution of the picture for PDF pages.")] = 110,
) -> None:
    """Draw the tables found on a page — table boxes, rows, columns, header and spanning cells — over its image."""
    try:
        shown = draw(file, page, out, dpi)
    except TableragError as exc:
        err(str(exc))
        raise typer.Exit(1) from exc
    err(f"{shown.tables} table(s) on page {shown.page} -> {shown.out}")
