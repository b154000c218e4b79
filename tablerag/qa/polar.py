"""Questions answered yes or no, or by one of two words they offer, about one cell against a stated number: "does
Sibiu have an altitude above 200 m?" (yes), "was the population of Bucharest at least 2,000,000 in 2011?" (no), "is
the capacity above or below 23000 in the Provident Stadium?" (above), "did Danny Coles score more or less than 6
goals?" (less). The question less its bound asks for the cell; the cell's number against the bound gives the word.
Never a guess: a cell that holds no number, or equals the bound of an either-or, is no answer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.qa.pick import POLAR
from tablerag.qa.route import threshold

_NUMBER = r"(?P<n>\d[\d,]*(?:\.\d+)?)"
# "above or below 23000", "more/less than 6", "higher or lower than 3.5": the two words offered, then the number
_EITHER = re.compile(
    r"\b(?P<up>above|more|higher|greater|over|larger|bigger)\s*(?:/|\bor\b)\s*"
    r"(?P<down>below|less|lower|fewer|under|smaller)\b(?:\s+than)?\s+\$?\s*" + _NUMBER + r"(?![\d.])",
    re.IGNORECASE,
)
# "above 200", "more than 10", "at least 2,000,000", "less than 40": a bound a yes or no is asked of
_BOUND = re.compile(
    r"\b(?:(?:at\s+least|at\s+most|more\s+than|less\s+than|fewer\s+than|greater\s+than|higher\s+than|"
    r"lower\s+than|above|below|over|under)\s+\$?\s*)" + _NUMBER + r"(?![\d.])",
    re.IGNORECASE,
)
_YEAR = re.compile(r"(?:1[5-9]|20)\d\d")  # a year is a period, not a bound


@dataclass(frozen=True, slots=True)
class Polar:
    asked: str  # the question less its bound: what names the cell
    limit: float
    up: str  # the word answered when the cell's number lies over the limit ("yes", "above", "more")
    down: str  # and under it ("no", "below", "less")
    under: bool  # a yes/no bound asks "under" (at most, less than): yes is the lower side

    def word(self, value: float) -> str | None:
        """The answer for the cell's number; None for an either-or the number sits exactly on."""
        if self.up == "yes":  # the bound's side holds the yes ("at least 10" over 12: yes)
            return "yes" if (value < self.limit if self.under else value > self.limit) else "no"
        if value == self.limit:
            return None
        return self.up if value > self.limit else self.down


def polar_bound(question: str) -> Polar | None:
    """The bound a polar question compares one cell with, and the words it answers in; None for any other
    question."""
    if not POLAR.match(question):
        return None
    m = _EITHER.search(question)
    if m is not None and not _YEAR.fullmatch(m.group("n")):
        asked = question[: m.start()] + question[m.end() :]
        return Polar(asked, float(m.group("n").replace(",", "")), m.group("up"), m.group("down"), False)
    m = _BOUND.search(question)
    bound = threshold(question)
    if m is None or bound is None or _YEAR.fullmatch(m.group("n")) or re.search(r"\bor\b", question, re.I):
        return None
    asked = question[: m.start()] + question[m.end() :]
    return Polar(asked, bound[1], "yes", "no", bound[0])
