"""`tablerag serve`: the HTTP service over an index (FastAPI + uvicorn, the `service` extra)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tablerag._lazy import need
from tablerag.cli.common import EmbedderOpt, IndexOpt, cli_limits, err
from tablerag.service.app import create_app
from tablerag.service.auth import KeyFileError, KeyRing

app = typer.Typer()


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
    uvicorn = need("uvicorn", "service")
    need("fastapi", "service")
    try:
        ring = KeyRing.load(keys)
    except KeyFileError as exc:
        err(str(exc))
        raise typer.Exit(2) from exc
    api = create_app(index, ring, cli_limits(file_mb=max_file_mb), embedder=embedder)
    err(f"serving index {index} for {len(ring)} API key(s) on http://{host}:{port} (docs: /docs)")
    uvicorn.run(api, host=host, port=port, log_level="warning")
