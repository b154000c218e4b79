"""Answers from several documents: which one names the question best, comparably across tables, and when none is
clearly ahead, an answer that lists the candidates instead of picking one silently."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

from tablerag.model import RecordId, Table
from tablerag.qa.fit import ASKS_PERIOD
from tablerag.qa.link import tokens
from tablerag.qa.result import Answer
from tablerag.qa.source import TableSource

# Across documents an answer is sure only when it names more of the question than every other document's answer,
# and by more than one common word: the weight (`tablerag.index.search.word_rarity`) of a word half the tables
# hold, log(2). Less than that is a difference in wording, not evidence of the other document.
COMMON_WORD_WEIGHT = math.log(2)
NAME_WORD = re.compile(r"[^\W_][\w'’&.-]*")  # a word as a question writes it, for telling names by their capital
MIN_NAME_CHARS = 4  # file-name words shorter than this ("q3", "fy") also appear in questions that name no file


@dataclass(slots=True)
class Standing:
    """How much of the question an answer names, comparably across tables: the distinct question words its row and
    column names hold, less the words that say what kind of answer is asked ("in which year": every answer's
    column says "year", none is named by it), counted and weighed by how few tables hold each word (a word only
    one report has, such as a line item or a company, tells documents apart; "total" or "2019" do not). Without a
    rarity reader on the index every word weighs 1."""

    asked: frozenset[str]
    rarity: dict[str, float]
    held: Callable[[str, list[str]], set[str]] | None = None  # the index's `words_held`, when it has one

    @classmethod
    def of(cls, index: TableSource, question: str, answers: list[Answer]) -> Standing:
        m = ASKS_PERIOD.search(question)
        asked = frozenset(tokens(m.group(0))) if m else frozenset()
        words = {w for a in answers for w in a.named_words} - asked
        reader = getattr(index, "word_rarity", None)
        return cls(asked, reader(words) if reader is not None and words else {}, getattr(index, "words_held", None))

    def named_document(self, question: str, near: list[tuple[Answer, Table]]) -> tuple[Answer, Table] | None:
        """Of answers from several documents none is ahead of, the one from the only document holding a name the
        question gives that the others lack ("the total liabilities of IMFT", "the amount for Ireland": a company,
        segment or country, in the table or the text around it); None when no document, or several, hold one."""
        names = given_names(question)
        if self.held is None or not names or len(near) < 2:
            return None
        docs = [RecordId.parse(t.id).doc for _, t in near]
        held = {d: self.held(d, names) for d in dict.fromkeys(docs)}
        only = [d for d, words in held.items() if words - set().union(*(w for o, w in held.items() if o != d))]
        return near[docs.index(only[0])] if len(only) == 1 else None

    def _words(self, answer: Answer) -> frozenset[str]:
        return answer.named_words - self.asked

    def count(self, answer: Answer) -> int:
        return answer.named - len(answer.named_words & self.asked)

    def weight(self, answer: Answer) -> float:
        return sum(self.rarity.get(w, 1.0) for w in self._words(answer))

    def close(self, answer: Answer, best: Answer) -> bool:
        """Not clearly behind ``best``: naming as many question words, or a word ``best`` does not name and words
        nearly as specific in all (an answer naming only words ``best`` names too is behind it)."""
        if self.count(answer) >= self.count(best):
            return True
        own = self._words(answer) - self._words(best)
        return bool(own) and self.weight(answer) >= self.weight(best) - COMMON_WORD_WEIGHT


def one_document(filters: dict[str, str] | None) -> bool:
    return bool(filters) and any(k in ("file", "doc", "table_id") for k in filters or {})


def names_document(question: str, table: Table) -> bool:
    """The question names the table's file ("... in the Acme 2019 report"): its name's words all appear in it."""
    words = [w for w in re.split(r"[^a-z]+", Path(table.source.file).stem.lower()) if len(w) >= MIN_NAME_CHARS]
    q = question.lower()
    return bool(words) and all(w in q for w in words)


def given_names(question: str) -> list[str]:
    """The tokens of the names a question gives: its capitalised words after the first ("IMFT", "Ireland",
    "Sensors")."""
    return tokens(" ".join(w for w in NAME_WORD.findall(question)[1:] if w[0].isupper()))


def close_answers(question: str, found: list[tuple[Answer, Table]], standing: Standing) -> list[tuple[Answer, Table]]:
    """The best answer, and the answers from other documents not clearly behind it (`Standing.close`: their link
    scores, idf inside each table, do not compare across tables); the best alone when the question names its
    document."""
    best, best_table = found[0]
    if names_document(question, best_table):
        return found[:1]
    doc = RecordId.parse(best_table.id).doc
    near = found[:1]
    for ans, table in found[1:]:
        other = RecordId.parse(table.id).doc
        if standing.close(ans, best) and other != doc and not names_document(question, table):
            near.append((ans, table))
    return near


def ambiguous(found: list[tuple[Answer, Table]]) -> Answer | None:
    """An answer listing the candidates when the best answers (`close_answers`) come from different documents; None
    when one document answers. When the candidates differ the answer has no value; when they all give the same value
    (or label) it keeps it, citing every document, since the number holds but which document it belongs to is still
    open."""
    near = [a for a, _ in found]
    if len(near) < 2:
        return None
    best = near[0]
    cites = [c for a in near for c in a.citations]
    listed = " | ".join(a.text for a in near)
    said = (best.value, best.label)
    if said != (None, None) and all((a.value, a.label) == said for a in near):
        text = f"{best.label or best.value}, the same in {len(near)} documents that answer this equally well: {listed}"
        return replace(best, text=text, citations=cites, candidates=near)
    text = f"Ambiguous: {len(near)} documents answer this equally well (name the document, or filter by file): {listed}"
    return Answer(text, None, None, cites, route=best.route, intent=best.intent, score=best.score, candidates=near)
