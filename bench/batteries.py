"""Batteries: small tables of report shapes with questions written by people who never saw our data sets or our
code, each file a domain (label answers, row names said otherwise, operation words over stated cells, IFRS layouts,
option / tax / pension tables, roll-forwards, header cells as answers, synonyms, grids as other extractors leave
them, periods said every way; then note tables asked as dataset annotators ask, periods said relative to the
table, compensation and share-based payment tables, change / variance / sensitivity columns, stacked blocks and
wrapped labels, synonyms that collide with other rows' words, text cells and registers, ratios and percentages;
and a second wave over the same kinds: notes not drilled before, statement synonyms, registers and header answers,
extractor layouts, rates and variances, share-based payment tables with relative periods). Table given, no LLM. They were written once and run against the code of their
session; a question is never changed after seeing an answer, so the figure says how a new user's questions fare,
and a BAD line that turns up after a change is a regression to read.

File format: {"tables": {name: [[cell, ...], ...]}, "questions": [{"table": name, "q": ..., "gold": text or [texts]}]};
a gold "REFUSE" means a refusal is the right answer (the question is ambiguous over its table).

Run: ``python bench/batteries.py [FILES...] [--show] [--first]`` -> right / total per file and set, and every miss
with ``--show`` (all files of bench/batteries/ by default). Each grid is answered as the document a user gives: every
table read from it (a grid stacking header blocks reads as several), as `answer_any` ranks them; ``--first`` keeps
the first table read alone (the figures of sessions 33 and before).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.qa import answer_any, tables_from_rows, text_match  # noqa: E402
from tablerag.model import Table  # noqa: E402

FOLDER = ROOT / "bench" / "batteries"
REFUSE = "REFUSE"  # the gold of a question whose right answer is a refusal
SHOWN_CHARS = 200  # of an answer's text, per miss shown


def run_file(path: Path, tmp: Path, show: bool, document: bool = True) -> tuple[int, int]:
    """Right / total of one file; ``document``: each grid answered as a document of every table read from it (a
    grid that stacks header blocks is read as several tables), else over the first table read."""
    data = json.loads(path.read_text(encoding="utf-8"))
    tables: dict[str, list[Table]] = {}
    right = 0
    for k, item in enumerate(data["questions"]):
        name = item["table"]
        if name not in tables:
            read = tables_from_rows(data["tables"][name], tmp, f"{path.stem}-{len(tables)}")
            tables[name] = read if document else read[:1]
        golds = item["gold"] if isinstance(item["gold"], list) else [item["gold"]]
        try:
            ans = answer_any(tables[name], item["q"])
            if ans is not None and ans.value is None and ans.text and ans.text.startswith("error: "):
                raise RuntimeError(ans.text)
            value, text = (ans.value, ans.text or "") if ans is not None else (None, "")
        except Exception as exc:  # a crash is a miss, shown with its cause
            value, text = None, f"exception {type(exc).__name__}: {exc}"
        good = (REFUSE in golds and value is None) or (
            value is not None and any(text_match(value, str(g)) for g in golds if g != REFUSE)
        )
        right += good
        if show and not good:
            tag = "REFUSED" if value is None else "BAD"
            shown = text[:SHOWN_CHARS].replace("\n", " ")
            print(f"{path.stem}#{k} {tag} q={item['q']!r} gold={golds} got={value!r} | {shown}")
    return right, len(data["questions"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--show", action="store_true", help="print every miss")
    parser.add_argument(
        "--first", action="store_true", help="answer over the first table read from a grid, not every one"
    )
    args = parser.parse_args()
    files = args.files or sorted(FOLDER.glob("*.json"))
    per_set: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            right, n = run_file(path, Path(tmp), args.show, not args.first)
            print(f"{path.name:<12} {right} / {n}")
            counts = per_set[path.stem.split("_")[0]]
            counts[0] += right
            counts[1] += n
    for name, (right, n) in sorted(per_set.items()):
        print(f"set {name:<4} {right} / {n}")
    print(f"total    {sum(r for r, _ in per_set.values())} / {sum(n for _, n in per_set.values())}")


if __name__ == "__main__":
    main()
