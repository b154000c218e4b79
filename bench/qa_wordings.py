"""Wording transfer: the wordings of TAT-QA's own span questions (tune part), each asked of other tables' rows. A
tune question whose row label and period appear in it verbatim becomes a template ("What was the {row} in {period}?",
"In which year was {row} higher?"), and each template is asked of rows of other tune tables, the gold being that
row's cell of the period (or, for "which year", the year its values rank first in the question's direction, read
from the source question's own gold). Table given as CSV, no LLM, scored like `bench/qa_cells.py` (a refusal is
right where two cells answer the written question alike).

Tune questions answer right on their own tables; this asks whether a wording that worked once works on tables it
was not written for, which is what a new report's questions do.

Run: ``python bench/qa_wordings.py [--per-template N] [--misses FILE] [--seed S]`` (tune part only; the kept part is
never read). Prints right / wrong / refused, by kind, and the templates that missed most.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from qa_cells import DATE, YEAR, RowTarget, ranked, targets  # noqa: E402
from qa_reports import DATA, part_of, question_kind  # noqa: E402

from tablerag.eval.qa import norm_text, table_from_rows, text_match  # noqa: E402
from tablerag.qa.answer import answer_table  # noqa: E402

PER_TEMPLATE = 6  # rows of other tables each template is asked of (enough to see a wording fail, not one table)
SHOW = 25  # templates listed, by misses


@dataclass(frozen=True)
class Template:
    text: str  # with "{row}" and, for lookups, "{period}"
    kind: str  # "lookup" or "which"
    dated: bool  # the period is a date ("as at 31 December 2019"), not a year
    most: bool  # "which": the gold is the year of the largest value (else the smallest)
    source: int  # the context it came from (its own table is not asked)


def _once(text: str, part: str) -> int | None:
    """Where `part` occurs in `text`, case aside, when it occurs once and as whole words."""
    spots = [m.start() for m in re.finditer(rf"(?<!\w){re.escape(part.lower())}(?!\w)", text.lower())]
    return spots[0] if len(spots) == 1 else None


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


WORD = re.compile(r"[a-z0-9]+(?:[-'][a-z0-9]+)*")
FILLER = frozenset({"the", "of", "and", "for", "in", "a", "an", "to", "on"})  # words a label's run may hold


def _label_run(text: str, label: str) -> tuple[int, int] | None:
    """The one run of the question's words that says the row label: every word of the run is a word of the label
    (plural aside), and the run says at least half of the label's words (so "total revenue" says "Total revenues").
    """
    said = {_stem(w) for w in WORD.findall(label.lower())}
    content = said - FILLER
    if not content:
        return None
    runs: list[tuple[int, int, set[str]]] = []
    start = end = -1
    words: set[str] = set()
    for m in WORD.finditer(text.lower()):
        w = _stem(m.group())
        if w in said:
            if start < 0:
                start, words = m.start(), set()
            end = m.end()
            words.add(w)
            continue
        if start >= 0:
            runs.append((start, end, words))
            start = -1
    if start >= 0:
        runs.append((start, end, words))
    good = [(a, b) for a, b, ws in runs if len(ws & content) * 2 >= len(content) and ws - FILLER]
    return good[0] if len(good) == 1 else None


def _fill(text: str, at: int, part: str, slot: str) -> str:
    return text[:at] + slot + text[at + len(part) :]


def templates_of(i: int, question: dict[str, Any], rows: list[list[str]]) -> list[Template]:
    q = " ".join(question["question"].split())
    gold = str(question["answer"][0] if isinstance(question["answer"], list) else question["answer"]).strip()
    out = []
    for target in targets(rows):
        if target.ambiguous:
            continue
        at = _once(q, target.subject)
        if at is not None:
            rest = _fill(q, at, target.subject, "{row}")
        else:
            run = _label_run(q, target.subject)
            if run is None:
                continue
            rest = q[: run[0]] + "{row}" + q[run[1] :]
        if YEAR.fullmatch(gold) and not re.search(r"\d", rest) and len(target.dated) >= 2:
            order = ranked(target.dated)
            if order and gold in (order[0][1], order[-1][1]):
                out.append(Template(rest, "which", False, gold == order[-1][1], i))
            continue
        for p, text, ambiguous in target.cells:
            if ambiguous or norm_text(text) != norm_text(gold):
                continue
            spot = _once(rest, p)
            if spot is None:
                continue
            filled = _fill(rest, spot, p, "{period}")
            if not re.search(r"\d", filled):
                out.append(Template(filled, "lookup", bool(DATE.fullmatch(p)), False, i))
    return out


def asks(template: Template, target: RowTarget) -> list[dict[str, Any]]:
    if "{" in target.subject or "}" in target.subject:
        return []
    if template.kind == "which":
        order = ranked(target.dated)
        if order is None:
            return []
        gold = order[-1][1] if template.most else order[0][1]
        return [{"q": template.text.format(row=target.subject), "gold": gold, "ambiguous": target.ambiguous}]
    return [
        {"q": template.text.format(row=target.subject, period=p), "gold": text, "ambiguous": ambiguous}
        for p, text, ambiguous in target.cells
        if bool(DATE.fullmatch(p)) == template.dated
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--per-template", type=int, default=PER_TEMPLATE)
    parser.add_argument("--misses", type=Path, default=None)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    contexts = json.loads(DATA.read_text(encoding="utf-8"))
    tune = [i for i, ctx in enumerate(contexts) if part_of(ctx["table"]["uid"]) == "tune"]
    found: dict[str, Template] = {}
    for i in tune:
        rows = contexts[i]["table"]["table"]
        for question in contexts[i]["questions"]:
            if question_kind(question, rows) in ("span", "text-span"):
                for template in templates_of(i, question, rows):
                    found.setdefault(template.text, template)
    pool = [(i, target) for i in tune for target in targets(contexts[i]["table"]["table"])]
    rnd = random.Random(args.seed)
    counts: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    missed: Counter[str] = Counter()
    misses = []
    tables: dict[int, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for template in sorted(found.values(), key=lambda t: t.text):
            picks = [(i, t) for i, t in pool if i != template.source]
            rnd.shuffle(picks)
            asked = 0
            for i, target in picks:
                items = asks(template, target)
                if not items:
                    continue
                item = rnd.choice(items)
                if i not in tables:
                    tables[i] = table_from_rows(contexts[i]["table"]["table"], Path(tmp), f"t{i}")
                if tables[i] is None:
                    continue
                ans = answer_table(tables[i], item["q"])
                value = ans.value if ans is not None else None
                right = value is not None and text_match(value, item["gold"])
                slot = 0 if right or (value is None and item["ambiguous"]) else 2 if value is None else 1
                for key in ("all", template.kind):
                    counts[key][slot] += 1
                if slot:
                    missed[template.text] += 1
                    text = ans.text[:300] if ans is not None and ans.text else None
                    misses.append(item | {"table": i, "template": template.text, "value": value, "text": text})
                asked += 1
                if asked >= args.per_template:
                    break
    print(f"templates: {len(found)} ({sum(t.kind == 'which' for t in found.values())} which-year)")
    for key, (right, wrong, refused) in sorted(counts.items()):
        n = right + wrong + refused
        print(f"{key:<7} n={n:<5} right/wrong/refused {right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}")
    for text, n in missed.most_common(SHOW):
        print(f"{n:>3}  {text}")
    if args.misses:
        args.misses.write_text("".join(json.dumps(m, ensure_ascii=False) + "\n" for m in misses), "utf-8")


if __name__ == "__main__":
    main()
