"""`tablerag models list | download`: the Table Transformer weights the vision path uses (see models/README.md)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

models_app = typer.Typer(add_completion=False, no_args_is_help=True, help="Model weights: what is here, fetch more.")


@models_app.command("list")
def list_models(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")] = False,
) -> None:
    """Each Table Transformer model of the registry and where its weights were found (or that they are missing)."""
    from tablerag.parsing.tatr import ModelMissingError, models_dir, registry, resolve

    rows = []
    for entry in registry().values():
        try:
            where: str | None = str(resolve(entry.id))
        except ModelMissingError:
            where = None
        rows.append({"id": entry.id, "repo": entry.repo, "revision": entry.revision, "path": where})
    if as_json:
        sys.stdout.write(json.dumps({"models_dir": str(models_dir()), "models": rows}) + "\n")
        return
    print(f"models folder: {models_dir()}")
    for r in rows:
        state = r["path"] or f"missing (run `tablerag models download {r['id']}`)"
        print(f"  {r['id']:<10} {r['repo']}@{r['revision']}: {state}")


@models_app.command("download")
def download(
    ids: Annotated[
        list[str] | None, typer.Argument(help="Registry ids (default: all Table Transformer models).")
    ] = None,
    dest: Annotated[Path | None, typer.Option("--dest", help="Target folder (default: the models folder).")] = None,
) -> None:
    """Fetch weights from the Hugging Face Hub into the models folder (needs internet; nothing else downloads)."""
    from tablerag._lazy import need
    from tablerag.parsing.tatr import models_dir, registry

    os.environ["HF_HUB_OFFLINE"] = "0"  # the one command that may use the network: the user asked for it
    hub = need("huggingface_hub", "vision")
    constants: Any = need("huggingface_hub.constants", "vision")
    constants.HF_HUB_OFFLINE = False  # when the hub was imported earlier, under the offline default
    reg = registry()
    wanted = ids or list(reg)
    unknown = [i for i in wanted if i not in reg]
    if unknown:
        raise typer.BadParameter(f"unknown model id(s) {unknown}; known: {sorted(reg)}")
    root = dest or models_dir()
    failed = False
    for i in wanted:
        entry = reg[i]
        target = root / entry.folder_name
        try:
            hub.snapshot_download(entry.repo, revision=entry.revision, local_dir=str(target))
        except Exception as exc:  # offline, no such repo, disk full: say which model and why
            print(f"{i}: could not download {entry.repo} into {target}: {type(exc).__name__}: {exc}", file=sys.stderr)
            failed = True
            continue
        print(f"{i}: {entry.repo} -> {target}", file=sys.stderr)
    if failed:
        raise typer.Exit(1)
