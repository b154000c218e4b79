"""Which way a scenario moves an assumption, as a question and a sensitivity table's labels say it.

A sensitivity table heads its scenarios by the way the assumption moves ("Increase | Decrease", "+0.5% | -0.5%",
"1% Increase | 1% Decrease") or writes the move in a cell of each row ("Discount rate | 25 basis point decrease");
the question says the way it asks ("a lower discount rate", "a 0.5% reduction in the discount rate"). The scenarios
hold the same words but the way, so word links tie them: the way said decides. Words are link tokens (`link.tokens`:
"rise", "up" and "+0.5%" arrive as an increase, "fall", "decline" and "-0.5%" as a decrease).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Literal

Way = Literal["rise", "fall"]

# link tokens of a move up and of a move down; "higher"/"lower" say the way of an assumption ("a lower discount
# rate"); a label saying both ("Increase/(decrease)") states a change, no scenario
RISE = frozenset({"increas", "higher", "rais"})
FALL = frozenset({"decreas", "lower", "reduct", "reduc", "drop"})


def way_of(words: Iterable[str]) -> Way | None:
    """The one way the words say; None when they say none or both."""
    said = set(words)
    up, down = bool(said & RISE), bool(said & FALL)
    return None if up == down else ("rise" if up else "fall")


def way_left(question: Iterable[str], spent: Iterable[str]) -> Way | None:
    """The way the question says once the words another label of the answer spends are set aside, each as often
    as that label says it ("a decrease in the pension increase assumption": "Pension increase" spends one
    "increase", the fall is asked; "an increase in the salary increase rate": one increase is left)."""
    left = Counter(question)
    left.subtract(Counter(spent))
    return way_of(w for w, n in left.items() if n > 0)


def first_way(cells: Iterable[Iterable[str]]) -> Way | None:
    """The way the first cell (left to right) that says one says: a row's scenario ("Discount rate | 25 basis point
    decrease | $4.2 million increase": the fall of the rate; the cells after it are the effects)."""
    for words in cells:
        way = way_of(words)
        if way is not None:
            return way
    return None
