"""`tablerag` — the command line over the Python API: this root app and one small sub-app per command or command
group (`ingest`, `query`, `tables`, `report`, `show`, `serve`; `eval`, `schema`, `models`). JSON outputs follow the
contracts in the design page; with --json, stdout holds only JSON (progress and messages go to stderr). Importing
the CLI loads no command module and no heavy dependency: a command's module loads when that command (or its
--help) runs, and the packages it runs on when it does their work."""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterator, Mapping
from typing import Any, NamedTuple

import typer
import typer.main
from typer.core import TyperCommand, TyperGroup

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")


class Command(NamedTuple):
    module: str  # the module whose `app` holds the command
    group: bool  # a named group of commands (`eval qa`), or the sub-app's one command at the top level
    summary: str  # the first paragraph of its help, for the root's listing (tests/test_cli_lazy.py keeps it true)


# Every command in the order `tablerag --help` lists them; the only place the CLI names its command modules.
COMMANDS: dict[str, Command] = {
    "ingest": Command(
        "tablerag.cli.ingest", False, "Parse, decompose and index documents. Failures are reported; the batch goes on."
    ),
    "query": Command(
        "tablerag.cli.query",
        False,
        "Search the index and answer with a cited value when a row and a column can be linked.",
    ),
    "tables": Command("tablerag.cli.tables", False, "Print the tables found in one file."),
    "report": Command(
        "tablerag.cli.report",
        False,
        "An HTML report: per document its tables, the path that found them, confidences, errors, page crops.",
    ),
    "show": Command(
        "tablerag.cli.show",
        False,
        "Draw the tables found on a page — table boxes, rows, columns, header and spanning cells — over its image.",
    ),
    "serve": Command(
        "tablerag.cli.serve",
        False,
        "An HTTP service over the index (OpenAPI docs at /docs): upload, list, delete, query, tables; every request\n"
        "runs inside its API key's tenant.",
    ),
    "eval": Command("tablerag.cli.eval", True, "Evaluations on ../shared/data."),
    "schema": Command("tablerag.cli.schema", True, "Column retrieval for text-to-SQL."),
    "models": Command("tablerag.cli.models", True, "Model weights: what is here, fetch more."),
}

# Set on a context while its help is written: the listing then shows each command's summary without loading it.
LISTING = "tablerag.cli.listing"


def load(name: str) -> Any:
    """The click command of one registry entry, built as `add_typer` on the root app built it (the holder has the
    root's typer settings: the defaults)."""
    entry = COMMANDS[name]
    holder = typer.Typer(add_completion=False)
    holder.add_typer(importlib.import_module(entry.module).app, name=name if entry.group else None)
    return typer.main.get_command(holder).commands[name]  # type: ignore[attr-defined]


class Commands(Mapping[str, Any]):
    """The root's commands by name, each loaded on first use."""

    def __init__(self) -> None:
        self.loaded: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in COMMANDS:
            raise KeyError(name)
        if name not in self.loaded:
            self.loaded[name] = load(name)
        return self.loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class LazyGroup(TyperGroup):
    """The root group: its commands load when run; its own help lists them from the registry's summaries."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.commands = Commands()  # type: ignore[assignment]  # read-only: the registry alone lists the commands

    def list_commands(self, ctx: Any) -> list[str]:  # typer's own walks the commands' values, loading each
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if ctx is not None and ctx.meta.get(LISTING) and cmd_name in COMMANDS:
            return TyperCommand(cmd_name, help=COMMANDS[cmd_name].summary)
        return super().get_command(ctx, cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        ctx.meta[LISTING] = True
        try:
            super().format_help(ctx, formatter)
        finally:
            del ctx.meta[LISTING]


app = typer.Typer(
    cls=LazyGroup, add_completion=False, no_args_is_help=True, help="Tables in real documents -> cited answers."
)


@app.callback()
def root() -> None:
    """Nothing to do before a command runs (typer builds a group only for an app with a callback or commands)."""


def main() -> None:  # pragma: no cover
    app()


__all__ = ["COMMANDS", "app", "main"]
