"""`tablerag` — the command line over the Python API: this root app and one small sub-app per command or command
group (`ingest`, `query`, `tables`, `report`, `show`, `serve`; `eval`, `schema`, `models`). JSON outputs follow the
contracts in the design page; with --json, stdout holds only JSON (progress and messages go to stderr). Importing
the CLI loads no heavy dependency: the commands load them when they run."""

from __future__ import annotations

import os

import typer

from tablerag.cli import eval, ingest, models, query, report, schema, serve, show, tables

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Tables in real documents -> cited answers.")
for command in (ingest, query, tables, report, show, serve):
    app.add_typer(command.app)  # a sub-app without a name adds its command at the top level
app.add_typer(eval.app, name="eval")
app.add_typer(schema.app, name="schema")
app.add_typer(models.app, name="models")


def main() -> None:  # pragma: no cover
    app()


__all__ = ["app", "main"]
