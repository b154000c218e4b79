"""Batteries: small tables of report shapes with questions written by people who never saw our data sets or our
code, each file a domain (label answers, row names said otherwise, operation words over stated cells, IFRS layouts,
option / tax / pension tables, roll-forwards, header cells as answers, synonyms, grids as other extractors leave
them, periods said every way; then note tables asked as dataset annotators ask, periods said relative to the
table, compensation and share-based payment tables, change / variance / sensitivity columns, stacked blocks and
wrapped labels, synonyms that collide with other rows' words, text cells and registers, ratios and percentages;
and a second wave over the same kinds: notes not drilled before, statement synonyms, registers and header answers,
extractor layouts, rates and variances, share-based payment tables with relative periods; a third, set BA: statement
excerpts with multi-level period headers, segment disclosures, obligations and registers, quarterly and KPI
tables, notes to the statements; and set BB, report tables as extraction tools leave them: spanning labels in the
column under their centre, labels broken over lines, "$" and "%" cells of their own, wrapped row labels, unlabelled
totals; and set BC, one-cell questions as a dataset's analysts ask them over US-GAAP statements and segments,
IFRS / UK / Australian notes, tax, lease and debt notes, equity, EPS and pension notes, and KPI, quarterly and
revenue-mix tables). Table given, no LLM. They were written once and run against the code of their
session; a question is never changed after seeing an answer, so the figure says how a new user's questions fare,
and a BAD line that turns up after a change is a regression to read.

File format: {"tables": {name: [[cell, ...], ...]}, "questions": [{"table": name, "q": ..., "gold": text or [texts]}]};
a gold "REFUSE" means a refusal is the right answer (the question is ambiguous over its table).

Run: ``python bench/batteries.py [FILES...] [--show] [--first]`` -> right / total per file and set, and every miss
with ``--show`` (all files of bench/batteries/ by default). Each grid is answered as the document a user gives: every
table read from it (a grid stacking header blocks reads as several), as `answer_any` ranks them; ``--first`` keeps
the first table read alone (the figures of sessions 33 and before). ``--format ruled|borderless|scanned`` typesets
each grid as a one-page PDF the way `qa_reports.py` sets TAT-QA's tables (centred spanning labels when borderless,
the page rendered to an image when scanned) and answers over the tables parsed from it: a question right from the
CSV and wrong from the page is a parsing loss on a table nobody tuned the parser on; ``--losses`` prints those.
``--prose`` sets paragraphs above each typeset table, as a report page has them (the paragraphs of a TAT-QA dev
context of the tune part, picked by a hash of the grid's name): prose lines read into the table show as losses.
``--pad 2`` sets the cells with half the typesetter's padding: column gutters half as wide, as dense reports set them.
``--late-spans`` asks only the grids with group labels, each label moved to the last cell it spans (as PDF
extractors often return a centred label, `table_variants.late_spans`), and the same questions over the grids as
written, with the questions right as written and not rewritten.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import sys
import tempfile
from collections import defaultdict
from enum import Enum
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import qa_reports  # noqa: E402
from qa_reports import DATA, Format, ParseCache, part_of, scan, typeset  # noqa: E402

from tablerag.eval.qa import answer_any, tables_from_rows, text_match  # noqa: E402
from tablerag.model import Table  # noqa: E402

FOLDER = ROOT / "bench" / "batteries"


class Late(Enum):
    """Which grids a run asks (``--late-spans``): all as written, or only those whose group labels
    `table_variants.late_spans` moves to the last cell they span, as written or so rewritten."""

    NO = "no"
    WRITTEN = "written"
    REWRITTEN = "rewritten"


REFUSE = "REFUSE"  # the gold of a question whose right answer is a refusal
SHOWN_CHARS = 200  # of an answer's text, per miss shown


@functools.cache
def tune_prose() -> list[list[dict[str, object]]]:
    """The paragraphs of every TAT-QA dev context of the tune part (the kept part's pages are never set here)."""
    contexts = json.loads(DATA.read_text(encoding="utf-8"))
    return [c["paragraphs"] for c in contexts if part_of(c["table"]["uid"]) == "tune" and c["paragraphs"]]


def prose_for(name: str) -> list[dict[str, object]]:
    """A tune context's paragraphs, the same for a grid's name in every run."""
    pool = tune_prose()
    return pool[int(hashlib.sha256(name.encode()).hexdigest(), 16) % len(pool)]


def read_grid(
    rows: list[list[str]], tmp: Path, name: str, fmt: Format, cache: ParseCache, prose: bool = False
) -> list[Table]:
    """Every table read from the grid written as ``fmt`` (a CSV file, or a page typeset from it, under prose when
    ``prose``)."""
    if fmt is Format.CSV:
        return tables_from_rows(rows, tmp, name)
    ctx = {"table": {"table": rows}, "paragraphs": prose_for(name) if prose else []}
    pdf = typeset(ctx, tmp / f"{name}.pdf", borderless=fmt is Format.BORDERLESS)
    if fmt is Format.SCANNED:
        pdf = scan(pdf, tmp / f"{name}-scan.pdf")
    return list(cache.parse(pdf).tables)


def run_file(
    path: Path,
    tmp: Path,
    show: bool,
    document: bool = True,
    fmt: Format = Format.CSV,
    outcomes: dict[str, bool] | None = None,
    prose: bool = False,
    late: Late = Late.NO,
) -> tuple[int, int]:
    """Right / total of one file; ``document``: each grid answered as a document of every table read from it (a
    grid that stacks header blocks is read as several tables), else over the first table read. ``outcomes``
    collects right or not per question ("FILE#k"). ``late``: only the grids `table_variants.late_spans` rewrites,
    as written or rewritten."""
    data = json.loads(path.read_text(encoding="utf-8"))
    if late is not Late.NO:
        from table_variants import late_spans  # it reads grids with this module's reader: imported when asked

        rewritten = {name: late_spans(rows, {}) for name, rows in data["tables"].items()}
        kept = {name: v[0] for name, v in rewritten.items() if v is not None and v[0] != data["tables"][name]}
        data["tables"] = kept if late is Late.REWRITTEN else {k: data["tables"][k] for k in kept}
    tables: dict[str, list[Table]] = {}
    cache = ParseCache()
    right = 0
    asked = 0
    for k, item in enumerate(data["questions"]):
        name = item["table"]
        if name not in data["tables"]:
            continue
        asked += 1
        if name not in tables:
            try:
                read = read_grid(data["tables"][name], tmp, f"{path.stem}-{len(tables)}", fmt, cache, prose)
            except Exception as exc:  # a grid the typesetter or parser cannot take is a miss for each question
                print(f"{path.stem} grid {name!r}: {type(exc).__name__}: {exc}")
                read = []
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
        if outcomes is not None:
            outcomes[f"{path.stem}#{k}"] = good
        if show and not good:
            tag = "REFUSED" if value is None else "BAD"
            shown = text[:SHOWN_CHARS].replace("\n", " ")
            print(f"{path.stem}#{k} {tag} q={item['q']!r} gold={golds} got={value!r} | {shown}")
    return right, asked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("files", nargs="*", type=Path)
    parser.add_argument("--show", action="store_true", help="print every miss")
    parser.add_argument(
        "--first", action="store_true", help="answer over the first table read from a grid, not every one"
    )
    parser.add_argument("--format", type=Format, default=Format.CSV, choices=list(Format), help="each grid as")
    parser.add_argument(
        "--losses", action="store_true", help="with --format: print each question right from the CSV, not the page"
    )
    parser.add_argument("--prose", action="store_true", help="with --format: paragraphs above each table")
    parser.add_argument(
        "--pad", type=float, help="with --format: the typesetter's cell padding in points (2: gutters half as wide)"
    )
    parser.add_argument(
        "--late-spans",
        action="store_true",
        help="only grids with group labels, each written in the last cell it spans (as extractors return them)",
    )
    qa_reports.add_spans_option(parser)
    args = parser.parse_args()
    late = Late.REWRITTEN if args.late_spans else Late.NO
    if args.pad is not None:
        qa_reports.PAD = args.pad
    qa_reports.SPANS = args.spans
    files = args.files or sorted(FOLDER.glob("*.json"))
    per_set: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    outcomes: dict[str, bool] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for path in files:
            right, n = run_file(path, Path(tmp), args.show, not args.first, args.format, outcomes, args.prose, late)
            if n == 0:
                continue
            print(f"{path.name:<12} {right} / {n}")
            counts = per_set[path.stem.split("_")[0]]
            counts[0] += right
            counts[1] += n
    for name, (right, n) in sorted(per_set.items()):
        print(f"set {name:<4} {right} / {n}")
    print(f"total    {sum(r for r, _ in per_set.values())} / {sum(n for _, n in per_set.values())}")
    if late is Late.REWRITTEN:  # the same questions over the grids as written
        written: dict[str, bool] = {}
        with tempfile.TemporaryDirectory() as tmp:
            for path in files:
                run_file(path, Path(tmp), False, not args.first, args.format, written, args.prose, Late.WRITTEN)
        lost = sorted(k for k, good in outcomes.items() if written.get(k) and not good)
        print(f"as written {sum(written.values())} / {len(written)}; right as written, not rewritten: {len(lost)}")
        for key in lost:
            print(f"  lost {key}")
    if args.losses and args.format is not Format.CSV:
        base: dict[str, bool] = {}
        with tempfile.TemporaryDirectory() as tmp:
            for path in files:
                run_file(path, Path(tmp), False, not args.first, Format.CSV, base)
        lost = sorted(k for k, good in outcomes.items() if base.get(k) and not good)
        gained = sorted(k for k, good in outcomes.items() if good and not base.get(k))
        print(f"right from the CSV, not from the {args.format} page: {len(lost)}; the other way: {len(gained)}")
        for key in lost:
            print(f"  lost {key}")


if __name__ == "__main__":
    main()
