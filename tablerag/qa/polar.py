"""Questions answered yes or no, or by one of two words they offer, about one cell against a stated number: "does
Sibiu have an altitude above 200 m?" (yes), "was the population of Bucharest at least 2,000,000 in 2011?" (no), "is
the capacity above or below 23000 in the Provident Stadium?" (above), "did Danny Coles score more or less than 6
goals?" (less). The question less its bound asks for the cell; the cell's number against the bound gives the word.
Never a guess: a cell that holds no number, or equals the bound of an either-or, is no answer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablerag.qa.link import tokens
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


CHOICE_WINDOW = 4  # words each side of "or" that may name an alternative ("in Clarion or Indiana County")
_OR = re.compile(r"\bor\b", re.IGNORECASE)


# a choice made by comparing or ordering ("more", "above or below", "first", "number one ranked"): a cell that says
# one alternative does not tell which of the two wins
_COMPARED = re.compile(
    r"\b(?:more|less|fewer|higher|lower|larger|smaller|greater|bigger|better|worse|above|below|before|after|first|"
    r"last|most|least|top|rank\w*|number\s+one|\w+est)\b",
    re.IGNORECASE,
)


def _sides(question: str) -> tuple[set[str], set[str]] | None:
    m = _OR.search(question)
    if m is None:
        return None
    before = set(tokens(" ".join(question[: m.start()].split()[-CHOICE_WINDOW:])))
    after = set(tokens(" ".join(question[m.end() :].split()[:CHOICE_WINDOW])))
    return before, after


def offers_choice(question: str) -> bool:
    """A polar question offering two alternatives a cell may say ("did Izmir or Busan host the 2002 Asian Games?",
    "held in Guangzhou or Chengdu?"), not a comparison or an order between them."""
    return bool(POLAR.match(question)) and _sides(question) is not None and not _COMPARED.search(question)


def chosen(question: str, value: str) -> bool:
    """The cell's words are all said on one side of "or" and not the other: it names one alternative."""
    sides, said = _sides(question), set(tokens(value))
    return sides is not None and bool(said) and (said <= sides[0]) != (said <= sides[1])


def pinned_apart(question: str, row_words: frozenset[str]) -> bool:
    """The row was found by words of the question besides its alternatives: the alternatives did not pick it."""
    sides = _sides(question)
    return sides is not None and bool(row_words - sides[0] - sides[1])


# "is X listed above or below Y?", "is X above or below Y in ranking?": where one named row stands against another
_PLACED = re.compile(r"\b(?P<up>above)\s*(?:/|\bor\b)\s*(?P<down>below)\b", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Placed:
    first: str  # the words naming the row asked about
    second: str  # and the row it is placed against
    up: str
    down: str


def placed_against(question: str) -> Placed | None:
    """The two rows a polar "above or below" question places against each other; None for any other question."""
    m = _PLACED.search(question)
    if m is None or not POLAR.match(question):
        return None
    return Placed(question[: m.start()], question[m.end() :], m.group("up"), m.group("down"))
