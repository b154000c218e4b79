"""What a question compares a figure against, and which column states that comparison.

"The variance in operating profit against budget", "by how much did revenue beat budget", "how did adjusted
operating profit compare with plan": the budget is the basis of the comparison, not the figure asked. A table that
states the comparison ("Actual | Budget | Variance | Variance %", "Actual | Budget | Better/(worse) than budget")
answers with that column; the column the basis names is one side of it.
"""

from __future__ import annotations

import re

from tablerag.qa.periods import STATED_CHANGE, years_in

# a comparison with a basis named after it; the basis runs to the next preposition or the question's end
_AGAINST = re.compile(
    r"\b(?:against|versus|vs\.?|compared?\s+(?:with|to)|comparison\s+(?:with|to)|relative\s+to"
    r"|(?:exceed|beat|miss|outperform|surpass|trail)(?:ed|s)?"
    r"|(?:ahead|short)\s+of|behind"
    r"|(?:variance|variation|difference|gap|deviation)\s+(?:to|from|with|versus|vs\.?))"
    r"\s+(?:the\s+|its\s+|their\s+)?(?P<basis>[^?,;.]+?)"
    r"(?=\s+(?:on|in|for|at|by|of|during|terms)\b|\s*[?,;.]|\s*$)",
    re.IGNORECASE,
)
# a column stating how one figure compares with another beyond the change words ("Better/(worse) than budget",
# "Favourable/(unfavourable)", "Over/(under) plan")
_COMPARED = re.compile(r"\b(?:better|worse|favou?rable|unfavou?rable|than|ahead|behind)\b", re.IGNORECASE)


def basis_said(question: str) -> str | None:
    """The basis a question compares its figure against ("budget" of "the variance against budget"); None when it
    names none, or names a period (a change between periods is asked otherwise: "2019 compared with 2018")."""
    m = _AGAINST.search(question)
    if m is None:
        return None
    basis = m.group("basis").strip()
    return None if not basis or years_in(basis) else basis


def states_comparison(label: str) -> bool:
    """The column's label states a comparison: a variance, a change, better or worse than something."""
    return bool(STATED_CHANGE.search(label) or _COMPARED.search(label))
