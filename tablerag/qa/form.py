"""Key-value forms: a record card, an encyclopaedia infobox, a spec sheet or a company profile lays its facts out as
label | value pairs, one or several pairs to a row ("成立时间 | 2006年11月29日 | 挂牌时间 | 2014年1月24日"), with no
header of its own: the first pair is a fact, not column names. A question names the label; the answer is the cell
beside it. Read only where a table is such a form through and through, and only when the question names one label of
it more fully than any other."""

from __future__ import annotations

from dataclasses import dataclass

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import parse_number
from tablerag.qa.link import tokens

MIN_FORM_FACTS = 3  # fewer pairs are as much a two-column list as a form: no shape to read the layout from
MAX_KEY_CHARS = (
    24  # a label names a field ("行业（挂牌公司管理型行业分类）", "Date of incorporation"); longer text is a value
)
MAX_KEY_WORDS = 6
MIN_KEY_SHARE = 0.5  # the question says at least this share of a label's words: "成立时间" of "该公司的成立时间是哪天"


@dataclass(frozen=True, slots=True)
class Fact:
    row: int
    key_col: int
    value_col: int
    key: str


def _is_key(text: str) -> bool:
    t = " ".join(text.split())
    return (
        bool(t)
        and len(t) <= MAX_KEY_CHARS + MAX_KEY_CHARS * (" " in t)  # spaced words run longer than CJK characters
        and len(t.split()) <= MAX_KEY_WORDS
        and parse_number(t) is None
        and any(ch.isalpha() for ch in t)
    )


def form_facts(table: Table) -> list[Fact]:
    """The label | value pairs of a table laid out as a form, or [] when it is not one. A form: every row (header
    rows included) is a title across the whole width, or pairs at the same even columns, each an unnumbered short
    label beside a different, non-empty value; no label is said twice; at least MIN_FORM_FACTS pairs. A register of
    several columns fails here: some column read as labels repeats ("Team") or holds numbers (goals, years, codes);
    with two columns a form and a list of named values read alike (the value beside its name)."""
    grid = filled_grid(table)
    width = table.n_cols
    if width < 2 or width % 2:
        return []
    facts: list[Fact] = []
    for r, row in enumerate(grid):
        cells = [" ".join(c.split()) for c in row] + [""] * (width - len(row))
        if all(cells[k] == cells[k + 1] for k in range(0, width, 2)):  # a title over the form or over each pair
            continue
        for k in range(0, width, 2):
            key, value = cells[k], cells[k + 1]
            if not key and not value:
                continue
            if not _is_key(key) or not value or value == key:
                return []
            facts.append(Fact(r, k, k + 1, key))
            if len(set(cells[k + 1 :])) == 1:  # one value across the rest of the row: one fact
                break
    keys = [f.key.casefold() for f in facts]
    if len(facts) < MIN_FORM_FACTS or len(set(keys)) < len(keys):
        return []
    return facts


def form_fact(table: Table, question: str) -> Fact | None:
    """The fact whose label the question names: the most of its words said (at least MIN_KEY_SHARE of them), a
    longer label before a shorter one it contains; None when the table is no form or two labels tie."""
    facts = form_facts(table)
    if not facts:
        return None
    asked = set(tokens(question))
    scored = []
    for f in facts:
        words = set(tokens(f.key))
        said = words & asked
        if words and len(said) / len(words) >= MIN_KEY_SHARE:
            scored.append((len(said), len(said) / len(words), f))
    if not scored:
        return None
    scored.sort(key=lambda s: (s[0], s[1]), reverse=True)
    if len(scored) > 1 and scored[0][:2] == scored[1][:2]:
        return None
    return scored[0][2]
