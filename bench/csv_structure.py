"""What the CSV reader makes of TAT-QA's table headers (a structure probe, not a QA figure):

    python bench/csv_structure.py [--part tune] [--show 0]

Each TAT-QA dev table of the part (the same hash split as bench/qa_reports.py; the kept part is never read unless
asked) is written as a CSV file and read back with `read_delimited`. The grid itself says what to expect:
- header rows: the leading rows before the first row holding a number outside the stub (a year, footnote mark or
  not, is a label), less the lone labels right above that first row (section rows: "Assets", "Revenue:");
- spanning labels: a header row whose only label sits over sibling period columns (",Years ended December 31,,"
  over ",2019,2018,2017"; a period widened over its empty neighbours counts for them) must head each of them;
  a lone period label (",As of December 31, 2019,,") over columns naming no period must head every labelled one;
- stacked blocks: a row after values with an empty stub, no number and two or more labels or one period label,
  followed by values (a second header inside the body): the value rows below must carry that row's labels;
- unit levels: column chains over numbers that keep a level only stating a scale ("(in thousands)", "$'000");
- stub header: the stub column's chain when every header cell over it is empty or a unit note (must stay empty).
Prints the counts per cause; ``--show`` lists that many failing tables of the tune part.

``--pdf ruled borderless``: each table is also typeset as bench/qa_reports.py does (a one-page report, ruled or
borderless) and read back with `read_pdf`; counts the tables whose PDF reading gives the same column chains and
the same row chains (empty rows aside) as the CSV reading.
"""

from __future__ import annotations

import argparse
import csv
import json
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from qa_reports import DATA, part_of, typeset  # noqa: E402

from tablerag.model import Table, sha256_file  # noqa: E402
from tablerag.parsing.delimited import read_delimited  # noqa: E402
from tablerag.parsing.numbers import parse_number, unit_label  # noqa: E402
from tablerag.parsing.pdf import read_pdf  # noqa: E402

_YEAR = re.compile(r"^(?:FY\s?)?(?:19|20)\d\d(?:\s?\(\d{1,2}\)|\*{1,3})?$")
_PERIOD = re.compile(r"(?<!\d)(?:19|20)\d\d(?!\d)|\bFY\s?\d\d\b", re.IGNORECASE)
SHA = "0" * 64


def _value(text: str) -> bool:
    t = text.strip()
    return bool(t) and t not in ("-", "—", "–", "$") and parse_number(t) is not None and not _YEAR.match(t)


def _period(text: str) -> bool:
    return bool(_PERIOD.search(text)) and len(" ".join(text.split())) <= 40


def _unit(text: str) -> bool:
    return unit_label(" ".join(text.split()).strip("()")) is not None


def _scale_only(level: str) -> bool:
    """A level stating a scale and nothing else ("(in thousands)", "$'000"; "2019 $'000" names a period too)."""
    reading = unit_label(level)
    return reading is not None and reading[1] != 1.0 and not _PERIOD.search(level)


def _lone(row: list[str]) -> int | None:
    filled = [i for i, c in enumerate(row) if i > 0 and c.strip()]
    return filled[0] if len(filled) == 1 and len(row) >= 3 else None


def expected_header(rows: list[list[str]]) -> int:
    first = next((i for i, row in enumerate(rows) if any(_value(c) for c in row[1:])), 0)
    head = first
    while head > 1 and sum(1 for c in rows[head - 1] if c.strip()) == 1 and not _unit(" ".join(rows[head - 1])):
        only = " ".join(rows[head - 1]).strip()
        if not (rows[head - 1][0].strip() or only.endswith(":")):
            break  # a lone label outside the stub heads columns, unless it announces rows ("... Data:")
        head -= 1  # a lone label right above the values is a section row
    return head


def _period_columns(rows: list[list[str]], lo: int, hi: int, n: int) -> set[int]:
    """Columns covered by a period label in rows [lo, hi): a period followed by empty cells with labels below
    covers them (",2019,,2018," over ",Amount,%,Amount,%")."""
    cols: set[int] = set()
    for r in range(lo, hi):
        row = rows[r] + [""] * (n - len(rows[r]))
        for c in range(1, n):
            if _period(row[c]):
                cols.add(c)
                k = c + 1
                while k < n and not row[k].strip() and any((rows[q] + [""] * n)[k].strip() for q in range(r + 1, hi)):
                    cols.add(k)
                    k += 1
    return cols


def _labelled(rows: list[list[str]], lo: int, hi: int, n: int) -> set[int]:
    return {c for r in range(lo, hi) for c in range(1, n) if c < len(rows[r]) and rows[r][c].strip()}


def _run(cols: set[int], col: int) -> set[int]:
    lo = hi = col
    while lo - 1 in cols:
        lo -= 1
    while hi + 1 in cols:
        hi += 1
    return set(range(lo, hi + 1))


def _chain_at(tables: list[Table], line: int, col: int) -> list[str]:
    for t in tables:
        if t.sheet_rows and line in t.sheet_rows[t.header_rows :]:
            return t.column_chain(col)
    return []


def probe(rows: list[list[str]], tables: list[Table]) -> dict[str, tuple[int, int]]:
    """Per cause: (right, checked) for one table."""
    out: dict[str, tuple[int, int]] = {}
    n = max(len(r) for r in rows)
    head = expected_header(rows)
    main = tables[0]
    units = head
    while units > 1 and all(not c.strip() or _unit(c) for c in rows[units - 1]):
        units -= 1  # unit-note rows right above the values may be read as header or as body
    out["header rows"] = (int(units <= main.header_rows <= head), 1)
    first_data = head + 1  # the line (1-based) of the first body row
    spans = [0, 0]
    for r in range(head - 1):
        col = _lone(rows[r])
        if col is None or _unit(rows[r][col]):
            continue
        label = " ".join(rows[r][col].split())
        periods = _period_columns(rows, r + 1, head, n)
        if _period(label):
            want = _run(_labelled(rows, r + 1, head, n), col) if not periods else set()
        else:
            want = _run(periods, col) if col in periods else set()
        if len(want) < 2:
            continue
        spans[1] += 1
        spans[0] += all(label in _chain_at(tables, first_data, c) for c in want)
    out["spanning labels"] = (spans[0], spans[1])
    blocks = [0, 0]
    seen = False
    for r in range(head, len(rows)):
        row = rows[r] + [""] * (n - len(rows[r]))
        if any(_value(c) for c in row[1:]):
            seen = True
            continue
        labels = [c for c in row[1:] if c.strip()]
        opens = not row[0].strip() and (len(labels) >= 2 or (len(labels) == 1 and _period(labels[0])))
        data = next((q for q in range(r + 1, len(rows)) if any(_value(c) for c in rows[q][1:])), None)
        if not (seen and opens and data is not None):
            continue
        if any(rows[q][0].strip() for q in range(r + 1, data)):
            continue  # a section row between: not a header block
        blocks[1] += 1
        want = {c: " ".join(row[c].split()) for c in range(1, n) if row[c].strip()}
        blocks[0] += all(want[c] in _chain_at(tables, data + 1, c) for c in want)
        seen = False
    out["stacked blocks"] = (blocks[0], blocks[1])
    units = [0, 0]
    for t in tables:
        numeric = {c.col for c in t.cells if c.value is not None and c.row >= t.header_rows}
        for col in numeric:
            chain = t.column_chain(col)
            if any(_scale_only(level) for level in chain) and any(not _scale_only(level) for level in chain):
                units[1] += 1
    out["unit levels left (fewer is better)"] = (units[1], units[1])
    stub = [0, 0]
    if head >= 1 and all(not rows[r][0].strip() or _unit(rows[r][0]) for r in range(head)):
        stub[1] = 1
        stub[0] = int(not [lvl for lvl in main.column_chain(0) if not _unit(lvl)])
    out["empty stub header"] = (stub[0], stub[1])
    return out


def _columns(tables: list[Table]) -> list[list[str]]:
    return [[" ".join(" ".join(level.split()) for level in chain) for chain in t.column_headers] for t in tables]


def _rows(tables: list[Table]) -> list[list[list[str]]]:
    """Each table's row chains, rows without any text left out (a ruled PDF drops an empty row)."""
    out = []
    for t in tables:
        filled = {c.row for c in t.cells if c.text.strip()}
        out.append([t.row_headers[r] for r in range(t.header_rows, t.n_rows) if r in filled])
    return out


def pdf_agreement(ctx: dict[str, Any], tables: list[Table], folder: Path, borderless: bool) -> tuple[bool, bool]:
    """(same column chains, same row chains) for the context's table typeset as a PDF and read back."""
    path = typeset(ctx, folder / ("borderless.pdf" if borderless else "ruled.pdf"), borderless)
    found = read_pdf(path, sha256_file(path)).tables
    return _columns(found) == _columns(tables), _rows(found) == _rows(tables)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=["tune", "kept", "both"], default="tune")
    parser.add_argument("--show", type=int, default=0, help="list this many failing tune tables")
    parser.add_argument("--pdf", nargs="*", default=[], choices=["ruled", "borderless"], help="compare PDF readings")
    args = parser.parse_args(argv)
    contexts: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    parts = {"tune", "kept"} if args.part == "both" else {args.part}
    totals: dict[str, list[int]] = {}
    shown = 0
    counts: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i, ctx in enumerate(contexts):
            part = part_of(ctx["table"]["uid"])
            if part not in parts:
                continue
            rows = ctx["table"]["table"]
            path = Path(tmp) / f"t{i}.csv"
            with path.open("w", encoding="utf-8", newline="") as fh:
                csv.writer(fh).writerows(rows)
            tables = read_delimited(path, SHA).tables
            counts["tables"] += 1
            counts["files split into blocks"] += len(tables) > 1
            got = probe(rows, tables)
            for cause, (right, checked) in got.items():
                tot = totals.setdefault(cause, [0, 0])
                tot[0] += right
                tot[1] += checked
            for kind in args.pdf:
                cols, rows_ok = pdf_agreement(ctx, tables, Path(tmp), kind == "borderless")
                got[f"{kind} PDF = CSV, column chains"] = (int(cols), 1)
                got[f"{kind} PDF = CSV, row chains"] = (int(rows_ok), 1)
                for cause in (f"{kind} PDF = CSV, column chains", f"{kind} PDF = CSV, row chains"):
                    tot = totals.setdefault(cause, [0, 0])
                    tot[0] += got[cause][0]
                    tot[1] += 1
            bad = [c for c, (right, checked) in got.items() if right < checked and "fewer" not in c]
            if bad and part == "tune" and shown < args.show:
                shown += 1
                print(f"--- context {i}: {', '.join(bad)}")
                for row in rows[:8]:
                    print("   ", row)
                print("    chains:", [t.column_headers for t in tables])
    print(dict(counts))
    for cause, (right, checked) in totals.items():
        print(f"  {cause:<38} {right} / {checked}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
