"""Pooled questions: which document answers. An answer is sure only when it names clearly more of the question
than every other document's answer; otherwise the documents that answer alike are listed as candidates. Files are
made by the tests (CSV) or taken from ../shared/data (TAT-QA dev tables)."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from helpers import draw_borderless_rows

import tablerag
from tablerag.qa.answer import POOLED_TABLES


def _csv(path: Path, rows: list[list[str]]) -> Path:
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def _tatqa_table(shared_data: Path, uid: str) -> list[list[str]]:
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    return next(c["table"]["table"] for c in contexts if c["table"]["uid"] == uid)


def test_word_rarity_counts_tables_holding_a_word_not_its_records(tmp_path: Path) -> None:
    many = [["", "2019", "2018"]] + [[f"Forfeited tranche {i}", f"{i},000", f"{i},100"] for i in range(1, 9)]
    files = [
        _csv(tmp_path / "a.csv", many + [["Net income", "1,200", "900"]]),
        _csv(tmp_path / "b.csv", [["", "2019", "2018"], ["Net income", "3,400", "2,100"], ["Granted", "5", "6"]]),
        _csv(tmp_path / "c.csv", [["", "2019", "2018"], ["Net income", "700", "650"]]),
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        rarity = index.word_rarity(["forfeit", "grant", "net", "unheard"])
    assert rarity["forfeit"] == rarity["grant"]  # one table each, however many of its rows say it
    assert rarity["net"] < rarity["forfeit"] < rarity["unheard"]  # every table < one table < none
    assert rarity["net"] == 0.0


def test_a_word_only_the_other_document_names_makes_it_a_candidate(shared_data: Path, tmp_path: Path) -> None:
    """TAT-QA: "number of non-vested shares forfeited": one report's table says "Number of Shares" but has no
    "Forfeited" row, the other has the row but says "Shares". Each names a question word the other lacks: naming
    one word more is no reason to answer from the first alone."""
    files = [
        _csv(tmp_path / "awards.csv", _tatqa_table(shared_data, "bee68d71-44ca-4177-a1c7-8c127f6f9203")),
        _csv(tmp_path / "grants.csv", _tatqa_table(shared_data, "d19212a0-822f-4fe2-8d58-2f81af43d6c3")),
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        answer = index.ask("What is the number of non-vested shares forfeited in 2019?").answer
        assert answer is not None and answer.value is None
        assert "(12,632)" in {c.value for c in answer.candidates}
        given = index.ask("What is the number of non-vested shares forfeited in 2019?", filters={"file": str(files[0])})
        assert given.answer is not None and given.answer.value == "(12,632)" and not given.answer.candidates


def test_the_word_a_question_asks_for_names_no_row(tmp_path: Path) -> None:
    """ "In which year were Additions larger?": a row "Additions ... in the current year" holds "year" as much as
    the question does, but "which year" asks for a column, it names nothing: both documents answer alike."""
    files = [
        _csv(
            tmp_path / "tax.csv",
            [["", "2019", "2018"], ["Additions based on positions taken in the current year", "142", "96"]],
        ),
        _csv(tmp_path / "assets.csv", [["", "2019", "2018"], ["Additions", "2.4", "3.1"]]),
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        answer = index.ask("In which year were Additions larger?").answer
    assert answer is not None and len(answer.candidates) == 2
    assert {Path(c.citations[0]["file"]).name: c.value for c in answer.candidates} == {
        "tax.csv": "2019",
        "assets.csv": "2018",
    }


def test_a_pool_of_look_alike_reports_lists_each_as_a_candidate(tmp_path: Path) -> None:
    values = ["1,200", "3,400", "700", "5,100", "2,250"]
    files = [
        _csv(tmp_path / f"report{i}.csv", [["", "2019", "2018"], ["Net income", v, "100"], [f"Item {i}", "1", "2"]])
        for i, v in enumerate(values)
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        answer = index.ask("What was the net income in 2019?").answer
    assert answer is not None and answer.value is None
    assert len(values) <= POOLED_TABLES and {c.value for c in answer.candidates} == set(values)


def _report(path: Path, prose: str, rows: list[list[str]]) -> Path:
    """A one-page report: a sentence, then a borderless table."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 60), prose, fontsize=9)
    draw_borderless_rows(page, rows, [72, 250, 320], 90)
    doc.save(path)
    doc.close()
    return path


def test_a_name_only_one_documents_text_holds_picks_it(tmp_path: Path) -> None:
    """ "The total liabilities of IMFT": both reports' tables answer alike, but only one report speaks of IMFT (in
    its text, not its table): that one answers. A question without such a name still gets both as candidates."""
    rows = [["", "2019", "2018"], ["Total assets", "{a}", "{b}"], ["Total liabilities", "{c}", "{d}"]]
    first = [[t.format(a="2,410", b="2,200", c="1,402", d="1,305") for t in row] for row in rows]
    second = [[t.format(a="9,100", b="8,800", c="4,750", d="4,630") for t in row] for row in rows]
    files = [
        _report(tmp_path / "report1.pdf", "Summarized balance sheet of IMFT, our joint venture (in millions):", first),
        _report(tmp_path / "report2.pdf", "Condensed balance sheet of the company (in thousands):", second),
    ]
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        named = index.ask("What were the total liabilities of IMFT in 2018?").answer
        assert named is not None and named.value == "1,305" and not named.candidates
        assert {Path(c["file"]).name for c in named.citations} == {"report1.pdf"}
        plain = index.ask("What were the total liabilities in 2018?").answer
        assert plain is not None and plain.value is None and {c.value for c in plain.candidates} == {"1,305", "4,630"}
