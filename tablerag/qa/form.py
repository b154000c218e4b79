"""A question over a key-value form (`decomposition.forms`): it names a label; the answer is the value beside it.
Read only when the question names one label of the form more fully than any other."""

from __future__ import annotations

from tablerag.decomposition.forms import FormField, form_fields
from tablerag.model import Table
from tablerag.qa.link import tokens

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
