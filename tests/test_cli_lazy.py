"""The root app loads a command's module only when that command runs: its help and every command's help read as
they did when the root app added every sub-app up front."""

from __future__ import annotations

import importlib
import inspect
import json
import subprocess
import sys

import pytest
import typer
import typer.main
from typer.testing import CliRunner

from tablerag.cli import COMMANDS, app


def eager_app() -> typer.Typer:
    """The root app built the direct way: every command module imported and added up front."""
    root = typer.Typer(add_completion=False, no_args_is_help=True, help="Tables in real documents -> cited answers.")
    for name, entry in COMMANDS.items():
        root.add_typer(importlib.import_module(entry.module).app, name=name if entry.group else None)
    return root


def paths() -> list[list[str]]:
    """Every command and sub-command, as argument lists."""
    group = typer.main.get_command(eager_app())
    found: list[list[str]] = [[]]
    for name in group.list_commands(None):  # type: ignore[attr-defined]
        found.append([name])
        sub = group.get_command(None, name)  # type: ignore[attr-defined]
        found += [[name, inner] for inner in getattr(sub, "list_commands", lambda _: [])(None)]
    return found


@pytest.mark.parametrize("args", [[], ["--help"], ["ingets"], ["eval"], ["eval", "retrival"], ["tables"]])
def test_root_outputs_as_the_eager_app(args: list[str]) -> None:
    runner = CliRunner()
    lazy, eager = runner.invoke(app, args), runner.invoke(eager_app(), args)
    assert (lazy.output, lazy.exit_code) == (eager.output, eager.exit_code)


def test_every_command_help_as_the_eager_app() -> None:
    runner, eager = CliRunner(), eager_app()
    commands = paths()
    assert ["eval", "qa"] in commands and ["models", "install"] in commands and len(commands) > 15
    for args in commands:
        lazy_out, eager_out = runner.invoke(app, [*args, "--help"]), runner.invoke(eager, [*args, "--help"])
        assert lazy_out.exit_code == 0 and lazy_out.output == eager_out.output, args


def test_the_summaries_are_the_commands_own_help() -> None:
    group = typer.main.get_command(eager_app())
    for name, entry in COMMANDS.items():
        help_text = group.get_command(None, name).help  # type: ignore[attr-defined]
        assert entry.summary == inspect.cleandoc(help_text).split("\n\n")[0].strip(), name


def loaded_after(*args: str) -> list[str]:
    """The command modules loaded by `tablerag ARGS` run in a fresh interpreter."""
    code = (
        "import json, sys\nfrom tablerag.cli import app\ntry:\n    app(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('tablerag.cli.'))), file=sys.stderr)"
    )
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return [str(m) for m in json.loads(run.stderr.strip().splitlines()[-1])]


def test_a_command_loads_only_its_own_module() -> None:
    assert loaded_after("--help") == []
    assert loaded_after("tables", "--help") == ["tablerag.cli.common", "tablerag.cli.tables"]
    assert "tablerag.cli.models" in loaded_after("models", "list", "--json")
    assert "tablerag.cli.eval" not in loaded_after("models", "list", "--json")
