"""Questions that ask what a section consists of ("What financial items does amounts falling due after more than one
year consist of?") or which items a table lists ("What are the financial items listed in the table?"): the own
labels of the rows, in table order, total rows and rows without values left out."""

from __future__ import annotations

import re

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.totals import summed_parts
from tablerag.qa.compare import section_members
from tablerag.qa.link import Linked
from tablerag.qa.operands import TOTAL_LABEL
from tablerag.qa.sql import typed_view

ASKS_MEMBERS = re.compile(
    r"\b(consists?\s+of|comprised?\s+of|comprises|made\s+up\s+of|components?\s+of"
    r"|items?\s+(?:are\s+)?(?:listed|included|shown)\s+in)\b",
    re.IGNORECASE,
)
# "what proportion of the total is made up of X", "how much of it consists of": an amount asked of the parts
# (or one component picked by a superlative: "the largest component of deferred tax assets")
AMOUNT_ASKED = re.compile(
    r"\b(proportion|percent(age)?|share|ratio|fraction|how\s+(much|many)|amount|value|largest|smallest|highest"
    r"|lowest|biggest|greatest|most|least|main|major|primary|top)\b",
    re.IGNORECASE,
)
IN_THE_TABLE = re.compile(r"\b(listed|shown|included)\s+in\s+the\s+table\b", re.IGNORECASE)
MIN_MEMBERS = 2  # one row is a lookup's answer, not a list
_FOOTNOTE = re.compile(r"(?<=[a-z])\d{1,2}$")  # "Amounts owed by subsidiaries1": a footnote marker glued to the label


def member_rows(table: Table, linked: Linked, question: str) -> list[tuple[int, str]]:
    """(row, own label) of each item the question asks the list of: the rows of the section it names, or, when it
    asks what the table lists, every row with values; empty when it asks no list or fewer than two items remain."""
    if not ASKS_MEMBERS.search(question):
        return []
    if AMOUNT_ASKED.search(question):  # an amount of the parts, or one part a superlative picks
        return []
    view = typed_view(table)
    rows = section_members(view, linked)
    if not rows and linked.row is not None and TOTAL_LABEL.search(" ".join(table.row_chain(linked.row.index)[-1:])):
        rows = summed_parts(table, linked.row.index)  # "the components of property, plant and equipment": the
        # rows its total adds up
    if not rows and IN_THE_TABLE.search(question):
        rows = list(view.rows)
    valued = {c.row for c in table.cells if c.value is not None and not c.is_header and c.col > 0}
    grid = filled_grid(table)
    out = []
    for r in rows:
        chain = table.row_headers[r] if r < len(table.row_headers) else []
        label = _FOOTNOTE.sub("", " ".join((chain[-1] if chain else grid[r][0]).split()))
        if label and r in valued and not TOTAL_LABEL.search(label):
            out.append((r, label))
    return out if len(out) >= MIN_MEMBERS else []
