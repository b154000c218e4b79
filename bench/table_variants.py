"""The same tables written the ways exports and reports differ: does an answer that was right stay right?

Each TAT-QA dev table of the **tune** part (``--dataset tatqa``, the kept part is never read), IM-TQA dev table
(``--dataset imtqa``, Chinese, one-cell questions; the typesetter's font has no Chinese glyphs, so read it as CSV
or a workbook), WikiTableQuestions table of its 300-table share (``--dataset wtq``, English Wikipedia tables of
names, dates and scores, at most 45 rows: one page) or HiTab workbook (``--dataset hitab``, Statistics Canada
tables with multi-level headers, section rows and unit notes, merged labels in their first cell) is rewritten, meaning kept,
in one way at a time, and every question of that table answered right on the original grid (TAT-QA: table /
table-text; span, arithmetic, count) is asked again of the rewritten grid, read as a CSV file (``--format xlsx``: a
workbook of text cells; ``xlsx-merged``: with group labels merged over the columns they head; ``ruled`` /
``borderless``: typeset as a PDF page the way `bench/qa_reports.py` sets its tables) with the document given, no
LLM. The original grid is always read as a CSV file (the reference), so ``--format xlsx --variants none`` measures
the format alone. A variant that breaks answers shows a layout the reader or the answer step depends on without
reason.

Variants (each skips tables or questions it would change the meaning of):

- ``title``: a title line ("Table 4: Selected financial data") above the grid
- ``spacer-rows``: a blank row after every row (double-spaced exports)
- ``spaced-sections``: a blank row under the header and above each section label (report-style sheets)
- ``spacer-columns``: a blank column between every two columns
- ``currency-columns``: each "$" a cell of its own, left of its amount
- ``footnote-marks``: " (1)" after every row label that has an amount (answers that are the label left out)
- ``fiscal`` / ``dated`` / ``fy``: header years written "Fiscal 2019", "December 31, 2019", "FY2019"
- ``split-date``: a "December 31," row over a header row of bare years
- ``filled-spans``: a group label written into every cell it spans (an unmerge-and-fill export)
- ``wider-spans``: the same, each group label over one value column more (a centred label read one column too
  wide, as a page without rulings can leave it)
- ``late-spans``: each group label in the last cell it spans, the cells before it empty (as PDF extractors often
  return a centred label)
- ``years-later``: every year of table, question and answer moved three years on
- ``trailing-blanks``: a blank row and a blank column after the grid
- ``transposed``: rows as columns (simple grids only: one header row, every cell filled)
- ``stub-unit`` / ``unit-row``: the question's annotated scale as a unit note, in the empty stub header ("(In
  millions)") or as a row under the header years
- ``reversed-years``: year columns in the other order (2017 | 2018 | 2019 where the report had 2019 | 2018 | 2017;
  only where a header row heads each of the first value columns with a bare year, nothing above them but a label
  in the first)

Run: ``python bench/table_variants.py [--dataset tatqa|imtqa|wtq|hitab] [--variants ...] [--show N]``; writes bench/out/table_variants.json.
"""

from __future__ import annotations

import argparse
import copy
import csv
import io
import json
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import qa_reports  # noqa: E402
from batteries import read_grid  # noqa: E402
from qa_reports import DATA, Format, ParseCache, part_of  # noqa: E402

from tablerag.eval.qa import answer_any, hitab_items, hitab_ok, tables_from_rows, tatqa_ok, text_match, wtq_ok  # noqa: E402
from tablerag.eval.retrieval import imtqa_grids  # noqa: E402
from tablerag.model import Table  # noqa: E402
from tablerag.parsing import parse  # noqa: E402
from tablerag.qa.result import Answer  # noqa: E402

OUT = ROOT / "bench" / "out" / "table_variants.json"
Grid = list[list[str]]
Variant = Callable[[Grid, dict[str, Any]], tuple[Grid, dict[str, Any]] | None]
Checker = Callable[[Answer | None, dict[str, Any]], bool]

YEAR = re.compile(r"\b(20[0-2]\d)\b")
BARE_YEAR = re.compile(r"^(?:19|20)\d\d$")
HEADER_SCAN = 4  # header years are looked for in the first rows only
PDF_FORMATS = ("ruled", "borderless")  # grids typeset as born-digital report pages
AGGREGATE_WORDS = re.compile(r"\b(total|sum|average|highest|lowest|most|least|largest|smallest|how many)\b", re.I)


def _golds(q: dict[str, Any]) -> list[str]:
    return [str(g) for g in q["answer"]] if isinstance(q["answer"], list) else [str(q["answer"])]


def title(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    return [["Table 4: Selected financial data"] + [""] * (len(rows[0]) - 1)] + rows, q


def spacer_rows(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    out: Grid = []
    for r in rows:
        out += [r, [""] * len(r)]
    return out[:-1], q


def spaced_sections(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    """A blank row under the header and above each section label of the body (how report-style sheets space
    their blocks): the first row with an amount starts the body; a later row with text only is a section label."""
    amount = [any(re.search(r"\d", c) and not BARE_YEAR.match(c.strip()) for c in r[1:]) for r in rows]
    if True not in amount:
        return None
    start = amount.index(True)
    out = rows[:start] + [[""] * len(rows[0])]
    for r, has in zip(rows[start:], amount[start:], strict=True):
        if not has and r[0].strip() and not any(c.strip() for c in r[1:]) and out[-1][0].strip():
            out.append([""] * len(r))
        out.append(r)
    return out, q


def spacer_columns(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    return [[x for c in r for x in (c, "")][:-1] for r in rows], q


def currency_columns(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    if any(g.startswith("$") for g in _golds(q)):
        return None
    out: Grid = [[] for _ in rows]
    moved = False
    for j in range(len(rows[0])):
        col = [r[j] if j < len(r) else "" for r in rows]
        if j and any(c.startswith("$") for c in col):
            moved = True
            for k, c in enumerate(col):
                out[k] += ["$", c[1:].strip()] if c.startswith("$") else ["", c]
        else:
            for k, c in enumerate(col):
                out[k].append(c)
    return (out, q) if moved else None


def footnote_marks(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    golds = _golds(q)
    out = [r[:] for r in rows]
    for r in out:
        if r[0] and r[0] not in golds and any(re.search(r"\d", c) for c in r[1:]):
            r[0] += " (1)"
    return out, q


def _header_years(fmt: str) -> Variant:
    def variant(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
        out = [r[:] for r in rows]
        hit = False
        for r in out[:HEADER_SCAN]:
            for j, c in enumerate(r):
                if j and BARE_YEAR.match(c.strip()):
                    r[j], hit = fmt.format(c.strip()), True
        return (out, q) if hit else None

    return variant


def split_date(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    for k, r in enumerate(rows[:HEADER_SCAN]):
        own = [c.strip() for c in r[1:] if c.strip()]
        if own and all(BARE_YEAR.match(c) for c in own):
            over = [""] + ["December 31," if c.strip() else "" for c in r[1:]]
            return rows[:k] + [over] + rows[k:], q
    return None


def _header_spans(out: Grid) -> Iterator[tuple[list[str], list[str], list[tuple[int, int]]]]:
    """Each header row of the grid (in the first rows, no amount in it), the row below it and the (first, last)
    columns each of its labels covers: itself and the empty cells after it that have a label below."""
    for k, r in enumerate(out[: HEADER_SCAN - 1]):
        if any(re.search(r"\d", c) and not BARE_YEAR.match(c.strip()) for c in r[1:]):
            continue  # a row of values, not a header row
        below = out[k + 1]
        spans: list[tuple[int, int]] = []
        j = 1
        while j < len(r):
            if not r[j].strip():
                j += 1
                continue
            m = j + 1
            while m < len(r) and not r[m].strip() and below[m].strip():
                m += 1
            spans.append((j, m - 1))
            j = m
        yield r, below, spans


def filled_spans(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    out = [r[:] for r in rows]
    hit = False
    for r, _below, spans in _header_spans(out):
        for a, b in spans:
            for x in range(a + 1, b + 1):
                r[x], hit = r[a], True
    return (out, q) if hit else None


def wider_spans(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    """`filled_spans` with each group label over one column more: the value column before its group when no other
    label of its line covers it (a label's span already takes every free labelled column after it). A page read
    without rulings can give a centred label one column too many ("Payments Due by Period" over "Total" too);
    answers should not hang on it."""
    out = [r[:] for r in rows]
    hit = False
    for r, below, spans in _header_spans(out):
        covered = {x for a, b in spans for x in range(a, b + 1)}
        for a, b in spans:
            if b == a or a - 1 < 1 or a - 1 in covered or not below[a - 1].strip():
                continue  # no group (a label over its own column alone), or no free value column before it
            covered.add(a - 1)
            for x in range(a - 1, b + 1):
                r[x], hit = r[a], True
    return (out, q) if hit else None


def late_spans(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    """Each group label written in the last cell it spans, the cells before it empty ("", "Assets" over "2020 |
    2019"; "", "", "Year Ended December 31," over three years), as PDF table extractors often return a centred
    label: the label still heads its group. Only header lines whose every label spans two or more columns."""
    out = [r[:] for r in rows]
    hit = False
    for r, _below, spans in _header_spans(out):
        if not spans or any(b == a for a, b in spans):
            continue  # a line of one-column labels ("First | Second | Third | Fourth" over "Quarter"): no groups
        for a, b in spans:
            r[b], r[a], hit = r[a], "", True
    return (out, q) if hit else None


def years_later(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    def shift(text: str) -> str:
        return YEAR.sub(lambda m: str(int(m.group(1)) + 3), text)

    moved = copy.deepcopy(q)
    moved["question"] = shift(q["question"])
    answer = q["answer"]
    moved["answer"] = [shift(str(a)) for a in answer] if isinstance(answer, list) else answer
    return [[shift(c) for c in r] for r in rows], moved


def trailing_blanks(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    return [r + [""] for r in rows] + [[""] * (len(rows[0]) + 1)], q


def transposed(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    simple = len(rows) >= 3 and len(rows[0]) >= 3 and all(c.strip() for r in rows[1:] for c in r)
    if not simple or not all(c.strip() for c in rows[0][1:]):
        return None
    return [list(x) for x in zip(*rows, strict=True)], q


def reversed_years(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    for k, r in enumerate(rows[:HEADER_SCAN]):
        run = 1
        while run < len(r) and BARE_YEAR.match(r[run].strip()):
            run += 1
        if run < 3:
            continue
        if any(c.strip() for above in rows[:k] for c in above[2:run]):
            return None  # a label over some of the years only: the order carries meaning
        out = [x[:] for x in rows[:k]]
        out += [[x[0], *reversed(x[1:run]), *x[run:]] for x in rows[k:]]
        return out, q
    return None


def _unit_note(q: dict[str, Any]) -> str | None:
    """The table's scale as a report's unit note, from the question's annotated scale (thousand / million)."""
    scale = q.get("scale") or ""
    return f"(in {scale}s)" if scale in ("thousand", "million") else None


def stub_unit(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    note = _unit_note(q)
    if rows[0][0].strip() or note is None:
        return None
    return [[note.capitalize(), *rows[0][1:]], *rows[1:]], q


def unit_row(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    note = _unit_note(q)
    for k, r in enumerate(rows[:HEADER_SCAN] if note else ()):
        if any(BARE_YEAR.match(c.strip()) for c in r[1:]):
            return [*rows[: k + 1], ["", note, *[""] * (len(r) - 2)], *rows[k + 1 :]], q
    return None


def none(rows: Grid, q: dict[str, Any]) -> tuple[Grid, dict[str, Any]] | None:
    return rows, q


VARIANTS: dict[str, Variant] = {
    "none": none,
    "title": title,
    "spacer-rows": spacer_rows,
    "spaced-sections": spaced_sections,
    "spacer-columns": spacer_columns,
    "currency-columns": currency_columns,
    "footnote-marks": footnote_marks,
    "fiscal": _header_years("Fiscal {}"),
    "dated": _header_years("December 31, {}"),
    "fy": _header_years("FY{}"),
    "split-date": split_date,
    "filled-spans": filled_spans,
    "wider-spans": wider_spans,
    "late-spans": late_spans,
    "years-later": years_later,
    "trailing-blanks": trailing_blanks,
    "transposed": transposed,
    "reversed-years": reversed_years,
    "stub-unit": stub_unit,
    "unit-row": unit_row,
}
KINDS = ("span", "arithmetic", "count")


def tatqa_cases() -> Iterator[tuple[str, Grid, list[dict[str, Any]], Checker]]:
    """TAT-QA dev tables of the tune part with their table / table-text questions (span, arithmetic, count)."""
    for i, ctx in enumerate(json.loads(DATA.read_text(encoding="utf-8"))):
        if part_of(ctx["table"]["uid"]) != "tune":
            continue
        qs = [q for q in ctx["questions"] if q["answer_from"] in ("table", "table-text") and q["answer_type"] in KINDS]
        if qs:
            yield f"tatqa-{i}", ctx["table"]["table"], qs, tatqa_ok


def _cell_ok(answer: Answer | None, q: dict[str, Any]) -> bool:
    gold = q["answer"][0]
    return (
        answer is not None
        and answer.value is not None
        and (text_match(answer.value, gold) or (answer.label is not None and text_match(answer.label, gold)))
    )


def imtqa_cases() -> Iterator[tuple[str, Grid, list[dict[str, Any]], Checker]]:
    """IM-TQA dev (Chinese) tables with their one-cell questions (merged cells repeated over the cells they cover)."""
    base = DATA.parents[1] / "im-tqa-zh"
    tables = {t["table_id"]: t for t in json.loads((base / "dev_tables.json").read_text(encoding="utf-8"))}
    grids = imtqa_grids(base)
    by_table: dict[str, list[dict[str, Any]]] = {}
    for q in json.loads((base / "dev_questions.json").read_text(encoding="utf-8")):
        if q["question_type"] == "single_cell" and len(q["answer_cell_list"]) == 1:
            gold = tables[q["table_id"]]["chinese_cell_value_list"][q["answer_cell_list"][0]]
            asked = {"question": q["chinese_question"], "answer": [gold], "answer_type": "span"}
            by_table.setdefault(q["table_id"], []).append(asked)
    for tid, qs in by_table.items():
        yield f"imtqa-{tid}", grids[tid], qs, _cell_ok


HITAB_BLOCK = "table descriptive sentence"  # the first line of each question block under a HiTab table
PAGE_MAX_ROWS = 45  # rows that fit one typeset page under the bench's row height (longer tables are left out)


def wtq_cases() -> Iterator[tuple[str, Grid, list[dict[str, Any]], Checker]]:
    """WikiTableQuestions tables of the 300-table share (English Wikipedia tables: names, dates, places, scores) with
    their questions, tables of at most `PAGE_MAX_ROWS` rows."""
    root = DATA.parents[1] / "wikitablequestions"
    lines = (root / "data" / "pristine-unseen-tables.subset300.tsv").read_text(encoding="utf-8").splitlines()[1:]
    by_table: dict[str, list[dict[str, Any]]] = {}
    for line in lines:
        _id, question, context, target = line.split("\t")[:4]
        by_table.setdefault(context, []).append({"question": question, "answer": [target], "answer_type": "span"})
    for context, qs in by_table.items():
        text = (root / context).read_text(encoding="utf-8")
        # the files escape a quote inside a quoted cell with a backslash, as tablerag's CSV reader honours
        rows = list(csv.reader(io.StringIO(text, newline=""), escapechar="\\" if '\\"' in text else None))
        if 1 < len(rows) <= PAGE_MAX_ROWS:
            yield f"wtq-{context.replace('/', '-')}", rows, qs, lambda answer, q: wtq_ok(answer, q["answer"][0])


def _hitab_grid(path: Path) -> Grid:
    """The table of a HiTab workbook's original sheet as its cells show (a merged label in its first cell): the rows
    under the title line, down to the first of the annotators' question blocks, blank rows around it left out."""
    import openpyxl

    sheet = openpyxl.load_workbook(path, data_only=True)["original"]
    rows = [["" if v is None else str(v).strip() for v in r] for r in sheet.iter_rows(values_only=True)]
    end = next((i for i, r in enumerate(rows) if r[0].startswith(HITAB_BLOCK)), len(rows))
    body = rows[1:end]
    while body and not any(body[0]):
        body.pop(0)
    while body and not any(body[-1]):
        body.pop()
    return body


def hitab_cases() -> Iterator[tuple[str, Grid, list[dict[str, Any]], Checker]]:
    """HiTab workbooks (Statistics Canada tables: multi-level column headers, section rows, unit notes spanning the
    columns) with their annotated questions, tables of at most `PAGE_MAX_ROWS` rows."""
    folder = DATA.parents[1] / "hitab-statcan-xlsx" / "xlsx"
    for path in sorted(folder.glob("*.xlsx"), key=lambda p: int(p.stem)):
        rows = _hitab_grid(path)
        qs = [{"question": q, "answer": gold, "answer_type": "span"} for q, _agg, gold in hitab_items(path)]
        if qs and 1 < len(rows) <= PAGE_MAX_ROWS:
            yield f"hitab-{path.stem}", rows, qs, lambda answer, q: hitab_ok(answer, q["answer"])


DATASETS = {"tatqa": tatqa_cases, "imtqa": imtqa_cases, "wtq": wtq_cases, "hitab": hitab_cases}


def write_xlsx(rows: Grid, path: Path, merge: bool) -> None:
    """The grid as a workbook of text cells, as a sheet typed or pasted by hand; ``merge``: a label in a header row
    with empty cells after it, over filled cells, merged across them (how a workbook spans a group label)."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    for r, row in enumerate(rows, 1):
        for c, text in enumerate(row, 1):
            if text:
                ws.cell(r, c, text)
    for r in range(min(HEADER_SCAN, len(rows) - 1)) if merge else ():
        row, below = rows[r], rows[r + 1]
        j = 1
        while j < len(row):
            m = j + 1
            while row[j].strip() and m < len(row) and not row[m].strip() and below[m].strip():
                m += 1
            if m - j > 1:
                ws.merge_cells(start_row=r + 1, start_column=j + 1, end_row=r + 1, end_column=m)
            j = m
    wb.save(path)


def reader(fmt: str) -> Callable[[Grid, Path, str], list[Table]]:
    """How a grid is written and read back: a CSV file, a workbook (text cells, group labels merged or not), or a
    one-page PDF typeset as the QA reports bench sets its tables (ruled, or borderless with group labels centred;
    no paragraphs), read once per distinct grid."""
    if fmt == "csv":
        return tables_from_rows
    if fmt in PDF_FORMATS:
        parsed: dict[str, list[Table]] = {}
        cache = ParseCache()

        def typeset_read(rows: Grid, folder: Path, name: str) -> list[Table]:
            key = json.dumps(rows)
            if key not in parsed:
                parsed[key] = read_grid(rows, folder, name, Format(fmt), cache)
            return parsed[key]

        return typeset_read

    def read(rows: Grid, folder: Path, name: str) -> list[Table]:
        path = folder / f"{name}.xlsx"
        write_xlsx(rows, path, merge=fmt == "xlsx-merged")
        return parse(path).tables

    return read


def run(dataset: str, names: list[str], fmt: str = "csv") -> tuple[dict[str, dict[str, int]], list[dict[str, Any]]]:
    read = reader(fmt)
    tallies = {n: {"asked": 0, "right": 0, "wrong": 0, "refused": 0} for n in names}
    broken: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for key, rows, qs, ok in DATASETS[dataset]():
            original = tables_from_rows(rows, folder, key)  # the reference reading: the grid as a CSV file
            for q in qs:
                if not ok(answer_any(original, q["question"]), q):
                    continue  # only answers right on the grid as given
                for name in names:
                    made = VARIANTS[name](rows, q)
                    if made is None:
                        continue
                    grid, asked = made
                    answer = answer_any(read(grid, folder, f"{key}-v"), asked["question"])
                    right = ok(answer, asked)
                    refused = answer is None or answer.value is None
                    result = "right" if right else "refused" if refused else "wrong"
                    tallies[name]["asked"] += 1
                    tallies[name][result] += 1
                    if not right:
                        broken.append(
                            {
                                "variant": name,
                                "table": key,
                                "question": asked["question"],
                                "gold": asked["answer"],
                                "ours": None if answer is None else answer.text[:300],
                                "result": result,
                            }
                        )
    return tallies, broken


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dataset", choices=list(DATASETS), default="tatqa")
    parser.add_argument(
        "--format", choices=["csv", "xlsx", "xlsx-merged", *PDF_FORMATS], default="csv", help="how grids are written"
    )
    parser.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=list(VARIANTS))
    parser.add_argument("--show", type=int, default=0, help="print this many broken answers")
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument(
        "--pad", type=float, help="ruled / borderless: the typesetter's cell padding in points (2: narrow gutters)"
    )
    qa_reports.add_spans_option(parser)
    args = parser.parse_args(argv)
    if args.pad is not None:
        qa_reports.PAD = args.pad
    qa_reports.SPANS = args.spans
    tallies, broken = run(args.dataset, args.variants, args.format)
    print(f"{'variant':<18} {'asked':>6} {'right':>7} {'wrong':>6} {'refused':>8}")
    for name, t in tallies.items():
        share = t["right"] / t["asked"] if t["asked"] else 0.0
        print(f"{name:<18} {t['asked']:>6} {share:>7.3f} {t['wrong']:>6} {t['refused']:>8}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps({"dataset": args.dataset, "tallies": tallies, "broken": broken}, indent=1, ensure_ascii=False)
    )
    for b in broken[: args.show]:
        print(f"[{b['variant']}] {b['result']}: {b['question']}\n   gold={b['gold']}\n   ours={b['ours']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
