"""A question over a key-value form (`decomposition.forms`): it names a label; the answer is the value beside it.
Read only when the question names one label of the form more fully than any other. Registers hold such pairs too:
a "Parameters" header over a name column and a value column, one parameter to a row (`pair_value`)."""

from __future__ import annotations

from typing import Any

from tablerag.decomposition.forms import FormField, form_fields
from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.numbers import parse_number
from tablerag.qa.link import Linked, Scored, tokens

# a pair's name column repeats its names, each for at least this many entities ("Model", "Range" for every device)
NAME_REPEATS = 2
MIN_KEY_SHARE = 0.5  # the question says at least this share of a label's words: "成立时间" of "该公司的成立时间是哪天"


def asked_field(table: Table, question: str) -> FormField | None:
    """The field whose label the question names: the most of its words said (at least MIN_KEY_SHARE of them), a
    longer label before a shorter one it contains; None when the table is no form or two labels tie."""
    fields = form_fields(table)
    if not fields:
        return None
    asked = set(tokens(question))
    scored = []
    for f in fields:
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


def pair_value(table: Table, linked: Linked) -> Linked | None:
    """A row named partly by a label in a name | value pair of columns (one header over both, "Parameters": "Model |
    AWF-234", "Range | 0-120°" in a register of devices) and no column named: the value column of the pair, in
    that row ("the range of the Beta thermometer")."""
    if linked.row is None or linked.cols:
        return None
    grid = filled_grid(table)
    r = linked.row.index
    names = [table.column_name(c) for c in range(table.n_cols)]
    for k in sorted(linked.key_cols):
        # one header over exactly this pair: a title over the whole table joins no pair
        if k + 1 >= table.n_cols or not names[k] or names[k] != names[k + 1] or names.count(names[k]) != 2:
            continue
        if k + 1 in linked.key_cols or grid[r][k + 1].strip() in table.row_chain(r):
            continue  # the question names that cell too, or it is a level of the row's label ("汽车 | 载客汽车 | 大型")
        said = [" ".join(grid[x][k].split()) for x in range(table.header_rows, table.n_rows) if grid[x][k].strip()]
        if len(set(said)) * NAME_REPEATS > len(said):
            continue  # two values of one kind ("Terminals": from | to), not names each entity's values repeat
        label, value = grid[r][k].strip(), grid[r][k + 1].strip()
        if label and value and parse_number(label) is None and linked.row.tokens & set(tokens(label)):
            return Linked(linked.rows, [Scored(k + 1, linked.row.score, frozenset(), 0)], linked.key_cols, linked.words)
    return None


def cites_a_label(table: Table, citations: list[dict[str, Any]]) -> bool:
    """An answer read off a form as if it were rows under columns, citing one of its labels ("被担保方" taken as the
    value of "担保方"): a label is never a value."""
    labels = {(f.row, f.key_col) for f in form_fields(table)}
    return any((c.get("row"), c.get("col")) in labels for c in citations)
