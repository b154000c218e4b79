"""Cell-lookup probe: one question per value cell of the TAT-QA dev tables of the **tune** part, written the way
TAT-QA's own span questions are ("What was the <row label> in <year>?", "... as at <date>?"), asked with the table
given (no LLM), scored like `bench/qa.py`. It reads the raw TAT-QA grid with its own simple rules (leading rows with
no amount are the header; a year or date in a column's header cells is its period; a text-only body row is a
section), independent of our readers, so a wrong header or a lost section shows up as a miss.

Ambiguity is part of the probe: when two cells answer the written question equally (the same row label under two
sections, two columns of one period), the question is *ambiguous*: a refusal is right there and any one of the
cells counts as right, a value from elsewhere as wrong.

``--format`` asks the same questions of each context typeset as bench/qa_reports.py does (``ruled``, ``borderless``
born-digital PDFs, ``scanned`` 200-dpi image-only pages, parsed through its parse and OCR-stage caches) with the
document given: every table read from the file answers and the best link score wins, as the report bench's
direct mode does; ``csv`` (default) is the TAT-QA grid as a CSV file, its first table.

Run: ``python bench/qa_cells.py [--format csv|ruled|borderless|scanned] [--limit N] [--misses FILE] [--seed S]``
(tune part only; the kept part is never read). Prints right / wrong / refused, by question form.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from qa_reports import DATA, DirectAnswers, Format, ParseCache, part_of, stage_cache, write_files  # noqa: E402

from tablerag.eval.qa import norm_text, table_from_rows, text_match  # noqa: E402
from tablerag.parsing.numbers import parse_number  # noqa: E402
from tablerag.qa.answer import answer_table  # noqa: E402

YEAR = re.compile(r"(?<!\d)((?:19|20)\d\d)(?!\d)")
DATE = re.compile(
    r"\b((?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2},?\s+(?:19|20)\d\d|"
    r"\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
NOTE_MARK = re.compile(r"\(\s*(?:\d{1,2}|[a-z]|[ivx]+)\s*\)|\*+|:$")  # footnote marks a question leaves out
MAX_PER_TABLE = 12  # questions drawn per table, so big tables do not dominate the figure


def _amount(text: str) -> bool:
    t = text.strip()
    if not t or YEAR.fullmatch(t) or DATE.search(t):
        return False
    return parse_number(t) is not None


def header_rows(rows: list[list[str]]) -> int:
    n = 0
    for row in rows:
        if any(_amount(c) for c in row[1:]):
            break
        n += 1
    return n


def period(rows: list[list[str]], head: int, col: int) -> str | None:
    """The column's one period, from its own header cells (a date when given, else the year)."""
    texts = [rows[r][col] for r in range(head) if col < len(rows[r]) and rows[r][col].strip()]
    joined = " ".join(texts)
    dates = DATE.findall(joined)
    if len(set(dates)) == 1:
        return dates[0]
    years = set(YEAR.findall(joined))
    return years.pop() if len(years) == 1 else None


def _lower(text: str) -> str:
    return text[0].lower() + text[1:] if text[1:2].islower() or len(text) < 2 else text


@dataclass
class RowTarget:
    """One body row as a question can name it: its subject, and its value cells with their periods."""

    subject: str  # the row's label as written into a question (with its section where the label repeats)
    form: str  # "plain", "bare" (footnote marks left out) or "section"
    ambiguous: bool  # the label repeats with no section to tell the rows apart
    cells: list[tuple[str, str, bool]] = field(default_factory=list)  # (period, gold text, ambiguous)
    dated: list[tuple[float, str]] = field(default_factory=list)  # (value, year) where one column has that year


def targets(rows: list[list[str]]) -> list[RowTarget]:
    """The grid's body rows that carry values under period columns, named as qa_cells' questions name them."""
    head = header_rows(rows)
    if head == 0 or head >= len(rows):
        return []
    out = []
    section = ""
    labels = Counter(norm_text(r[0]) for r in rows[head:] if r and r[0].strip())
    periods = {c: period(rows, head, c) for c in range(1, max(len(r) for r in rows))}
    by_period = Counter(p for p in periods.values() if p)
    turn = 0
    for r in range(head, len(rows)):
        row = rows[r]
        label = " ".join(row[0].split()) if row else ""
        if label and not any(c.strip() for c in row[1:]):
            section = label.rstrip(":")
            continue
        if not label or len(label) < 3:
            continue
        dup = labels[norm_text(label)] > 1
        bare = " ".join(NOTE_MARK.sub(" ", label).split())  # "Other(2)", "Goodwill (1)": the reader's name for it
        name = bare if bare and bare != label and turn % 2 else label
        subject = _lower([f"{name} of {section}", f"{section.lower()} {name}"][turn % 2] if dup and section else name)
        form = "section" if dup and section else "bare" if name != label else "plain"
        target = RowTarget(subject, form, dup and not section)
        for c in range(1, len(row)):
            p = periods.get(c)
            if not _amount(row[c]) or not p:
                continue
            turn += not DATE.fullmatch(p)  # turns over with the wordings of qa_cells' own questions
            target.cells.append((p, row[c].strip(), (dup and not section) or by_period[p] > 1))
            value = parse_number(row[c].strip())
            year = YEAR.findall(p)
            if value is not None and len(year) == 1 and by_period[p] == 1:
                target.dated.append((float(value.value), year[0]))
        out.append(target)
    return out


def probes(rows: list[list[str]]) -> list[dict[str, Any]]:
    """Questions on the grid: one per value cell (four wordings, by turns), plus per row with two or more period
    values "In which year was X larger / the smallest?" and "... less than N?" (N splitting off one period)."""
    out = []
    turn = 0
    for target in targets(rows):
        subject = target.subject
        for p, gold, ambiguous in target.cells:
            if DATE.fullmatch(p):
                q = f"How much was the {subject} as at {p}?"
            else:
                q = [
                    f"What was the {subject} in {p}?",
                    f"What is the {p} {subject}?",
                    f"What was the amount of {subject} in {p}?",
                    f"How much was the {subject} in fiscal {p}?",
                ][turn % 4]
                turn += 1
            out.append({"q": q, "gold": gold, "ambiguous": ambiguous, "form": target.form})
        out.extend(_comparisons(subject, target.dated, target.form, target.ambiguous))
    return out


def ranked(dated: list[tuple[float, str]]) -> list[tuple[float, str]] | None:
    """A row's (value, year) pairs from least to most, or None when two years or two values are alike. Amounts all
    in brackets rank by size ("the larger loss", "higher costs" over (1,655) and (389) is the 1,655), as report
    readers rank them; a row with signs mixed ranks signed (the year of the profit is the larger net income)."""
    if len(dated) < 2 or len({v for v, _ in dated}) < len(dated) or len({y for _, y in dated}) < len(dated):
        return None
    if all(v < 0 for v, _ in dated):
        return sorted(dated, key=lambda d: -d[0])
    return sorted(dated)


def _comparisons(subject: str, dated: list[tuple[float, str]], form: str, ambiguous: bool) -> list[dict[str, Any]]:
    ordered = ranked(dated)
    if ordered is None:
        return []
    most = "larger" if len(dated) == 2 else "the largest"
    least = "smaller" if len(dated) == 2 else "the smallest"
    out = [
        {"q": f"In which year was {subject} {most}?", "gold": ordered[-1][1], "ambiguous": ambiguous, "form": "which"},
        {"q": f"In which year was {subject} {least}?", "gold": ordered[0][1], "ambiguous": ambiguous, "form": "which"},
    ]
    low, next_up = ordered[0][0], ordered[1][0]
    if low >= 0 and next_up - low >= 2:
        bound = f"{int((low + next_up) / 2):,}"
        out.append(
            {
                "q": f"In which year was {subject} less than {bound}?",
                "gold": ordered[0][1],
                "ambiguous": ambiguous,
                "form": "bound",
            }
        )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="tables (iteration only)")
    parser.add_argument("--misses", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--format", type=Format, choices=list(Format), default=Format.CSV)
    args = parser.parse_args()
    contexts = json.loads(DATA.read_text(encoding="utf-8"))
    rnd = random.Random(args.seed)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    misses = []
    done = 0
    with tempfile.TemporaryDirectory() as tmp, stage_cache():
        direct = DirectAnswers(ParseCache())
        for i, ctx in enumerate(contexts):
            if part_of(ctx["table"]["uid"]) != "tune":
                continue
            rows = ctx["table"]["table"]
            items = probes(rows)
            if not items:
                continue
            table = table_from_rows(rows, Path(tmp), f"t{i}") if args.format is Format.CSV else None
            if table is None and args.format is Format.CSV:
                continue
            path = None if args.format is Format.CSV else write_files([ctx], Path(tmp) / f"c{i}", args.format)[0]
            rnd.shuffle(items)
            for item in items[:MAX_PER_TABLE]:
                if path is not None:
                    found = direct.ask(path, item["q"])
                    ans_value, ans_text = (found or {}).get("value"), (found or {}).get("text")
                else:
                    ans = answer_table(table, item["q"])
                    ans_value, ans_text = (ans.value, ans.text) if ans is not None else (None, None)
                value = ans_value
                right = value is not None and text_match(value, item["gold"])
                refused = value is None
                slot = 0 if right or (refused and item["ambiguous"]) else 2 if refused else 1
                for key in ("all", item["form"], "ambiguous" if item["ambiguous"] else "clear"):
                    counts[key][slot] += 1
                if slot:
                    misses.append(item | {"table": i, "value": value, "text": (ans_text[:300] if ans_text else None)})
            done += 1
            if args.limit and done >= args.limit:
                break
    for key, (right, wrong, refused) in sorted(counts.items()):
        n = right + wrong + refused
        print(f"{key:<10} n={n:<5} right/wrong/refused {right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}")
    if args.misses:
        args.misses.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in misses), "utf-8")


if __name__ == "__main__":
    main()
