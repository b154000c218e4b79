"""A small real corpus the scale tests share: TAT-QA dev tables as CSV and their paragraphs as text."""

from __future__ import annotations

import csv
import json
from pathlib import Path


def write_tatqa_corpus(shared_data: Path, folder: Path, n_contexts: int) -> Path:
    """The first `n_contexts` TAT-QA dev contexts: one CSV per table, one .txt per context's paragraphs."""
    folder.mkdir(parents=True, exist_ok=True)
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    for i, ctx in enumerate(contexts[:n_contexts]):
        with open(folder / f"t{i:03d}.csv", "w", newline="", encoding="utf-8") as fh:
            csv.writer(fh).writerows(ctx["table"]["table"])
        paragraphs = sorted(ctx["paragraphs"], key=lambda p: p["order"])
        (folder / f"t{i:03d}.txt").write_text("\n\n".join(p["text"] for p in paragraphs), encoding="utf-8")
    return folder


def index_snapshot(index_dir: Path) -> tuple[list[str], list[str], dict[str, int]]:
    """Record ids in the table store, ids in the vector store, and counts: what 'the same index' means."""
    import tablerag

    with tablerag.Index(index_dir) as index:
        ids = sorted(r[0] for r in index.store.con.execute("SELECT id FROM records").fetchall())
        return ids, sorted(index.vector.get_ids()), index.stats()


def write_tatqa_reports(shared_data: Path, folder: Path, n_contexts: int) -> list[Path]:
    """The first `n_contexts` TAT-QA dev contexts typeset as one-page born-digital PDF reports (paragraphs, then
    the table), as a user's batch of report excerpts would arrive."""
    from pdf_make import make_report

    folder.mkdir(parents=True, exist_ok=True)
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    out = []
    for i, ctx in enumerate(contexts[:n_contexts]):
        paragraphs = [p["text"] for p in sorted(ctx["paragraphs"], key=lambda p: p["order"])]
        path = folder / f"report{i:03d}.pdf"
        if not path.exists():
            make_report(path, f"Report excerpt {i + 1}", paragraphs, ctx["table"]["table"])
        out.append(path)
    return out
