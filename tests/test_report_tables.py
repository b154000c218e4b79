"""Tables as financial reports print them: period columns under a spanning label, a unit note in the header,
body rows that name themselves, several documents answering alike. Files are made by the tests (CSV, a
borderless PDF page) or read from ../shared/data (TAT-QA dev, ICDAR-2013)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from helpers import draw_borderless_rows

import tablerag
from tablerag.model import Cell, SourceLocator, Table
from tablerag.parsing import parse
from tablerag.parsing.headers import detect_header_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import Intent, RouteKind, rule_route

STATEMENT = [
    ["", "", "Years Ended December 31,", ""],
    ["", "", "(in thousands, except per share amounts)", ""],
    ["", "2019", "2018", "2017"],
    ["Revenue", "125,843", "110,360", "98,112"],
    ["Net loss", "(12,004)", "(8,221)", "(5,310)"],
    ["Basic loss per share", "(0.52)", "(0.31)", "(0.22)"],
]


def _csv(path: Path, rows: list[list[str]]) -> Path:
    import csv

    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows(rows)
    return path


def test_a_lone_label_over_one_period_column_heads_every_sibling_period(shared_data: Path, tmp_path: Path) -> None:
    """TAT-QA prints "Years Ended September 30," in the 2018 cell above 2019 | 2018 | 2017: it heads all three."""
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    rows = next(c["table"]["table"] for c in contexts if c["table"]["table"][0][2] == "Years Ended September 30,")
    table = parse(_csv(tmp_path / "sales.csv", rows)).tables[0]
    assert table.column_headers[1:4] == [["Years Ended September 30,", y] for y in ("2019", "2018", "2017")]
    assert table.column_headers[0] == []


def test_a_period_named_in_the_question_constrains_the_column(tmp_path: Path) -> None:
    """The unit note under the spanning label shares "per share" with the question; the year still decides."""
    table = parse(_csv(tmp_path / "statement.csv", STATEMENT)).tables[0]
    answer = answer_table(table, "What was the basic loss per share in 2019?")
    assert answer is not None and answer.value == "(0.52)"
    assert [c["col"] for c in answer.citations] == [1]
    answer = answer_table(table, "What was the basic loss per share in 2017?")
    assert answer is not None and answer.value == "(0.22)"


def test_a_period_the_table_lacks_is_refused_not_guessed(tmp_path: Path) -> None:
    table = parse(_csv(tmp_path / "statement.csv", STATEMENT)).tables[0]
    assert answer_table(table, "What was the revenue in 2015?") is None


@pytest.mark.parametrize(
    "question",
    ["In which year was revenue higher?", "What year had the larger revenue?", "Which year had the most revenue?"],
)
def test_which_year_is_answered_with_the_label_citing_every_compared_cell(tmp_path: Path, question: str) -> None:
    assert rule_route(question).kind is RouteKind.AGGREGATE
    table = parse(_csv(tmp_path / "statement.csv", STATEMENT)).tables[0]
    answer = answer_table(table, question)
    assert answer is not None and answer.value == "2019" and answer.intent in (Intent.MAX.value, Intent.COMPARE.value)
    assert sorted(c["col"] for c in answer.citations) == [1, 2, 3]  # the winner and every cell it beat


def _table(rows: list[list[str]], spans: dict[tuple[int, int], int]) -> Table:
    from tablerag.parsing.numbers import parse_number

    cells = []
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            parsed = parse_number(text) if r else None
            cells.append(Cell(r, c, text, col_span=spans.get((r, c), 1), value=parsed.value if parsed else None))
    covered = {(r, k) for (r, c), n in spans.items() for k in range(c + 1, c + n)}
    cells = [c for c in cells if (c.row, c.col) not in covered]
    return Table("t:t0", SourceLocator("made.pdf", "0"), len(rows), len(rows[0]), cells)


def test_a_body_row_under_a_grouped_header_is_not_a_header_level() -> None:
    """ICDAR eu-018: "Estonia | single | 25g | - | 42" under a header grouped by year was read as a third level."""
    rows = [
        ["Country", "Sample unit", "Sample size", "2007", "", "2006", ""],
        ["", "", "", "n", "%pos", "n", "%pos"],
        ["Estonia", "single", "25g", "-", "-", "42", "0"],
        ["Latvia", "batch", "10g", "12", "3", "40", "1"],
    ]
    assert detect_header_rows(_table(rows, {(0, 3): 2, (0, 5): 2})) == 2


def test_a_section_row_right_under_the_header_is_a_row_level(tmp_path: Path) -> None:
    rows = [
        ["", "Pension", "", "Other"],
        ["", "2019", "2018", "2019"],
        ["As at 31 December 2019", "", "", ""],
        ["Level 1 assets", "1,200", "1,100", "300"],
        ["Level 2 assets", "800", "700", "100"],
    ]
    table = _table(rows, {(0, 1): 2})
    assert detect_header_rows(table) == 2
    table = parse(_csv(tmp_path / "sections.csv", rows)).tables[0]
    assert table.header_rows == 2 and table.row_headers[3] == ["As at 31 December 2019", "Level 1 assets"]


def _borderless(path: Path) -> Path:
    """A borderless statement: the group label centred over the three year columns, no rules."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 60), "The table below presents net sales by contract type (in millions):", fontsize=9)
    page.insert_text((285, 90), "Years Ended September 30,", fontsize=8)
    rows = [
        ["", "2019", "2018", "2017"],
        ["Fixed Price", "1,452.4", "1,146.2", "1,036.9"],
        ["Other", "44.1", "56.7", "70.8"],
        ["Total sales", "1,496.5", "1,202.9", "1,107.7"],
    ]
    draw_borderless_rows(page, rows, [72, 250, 320, 390], 105)
    doc.save(path)
    doc.close()
    return path


def test_a_centred_label_above_a_borderless_table_is_its_header_not_its_caption(tmp_path: Path) -> None:
    table = parse(_borderless(tmp_path / "sales.pdf")).tables[0]
    assert table.column_headers[1:] == [["Years Ended September 30,", y] for y in ("2019", "2018", "2017")]
    assert "Years Ended" not in (table.caption or "")


def _two_reports(tmp_path: Path) -> list[Path]:
    a = _csv(
        tmp_path / "acme.csv", [["", "2019", "2018"], ["Net income", "1,200", "900"], ["Revenue", "9,000", "8,000"]]
    )
    b = _csv(
        tmp_path / "globex.csv", [["", "2019", "2018"], ["Net income", "3,400", "2,100"], ["Sales", "7,000", "6,000"]]
    )
    return [a, b]


def test_near_equal_answers_from_two_documents_are_candidates_a_file_filter_resolves(tmp_path: Path) -> None:
    files = _two_reports(tmp_path)
    with tablerag.Index(tmp_path / "index") as index:
        index.add(files)
        pooled = index.ask("What was the net income in 2019?").answer
        assert pooled is not None and pooled.value is None and len(pooled.candidates) == 2
        out = pooled.to_dict()["candidates"]
        assert {c["value"] for c in out} == {"1,200", "3,400"}
        assert {Path(c["citations"][0]["file"]).name for c in out} == {"acme.csv", "globex.csv"}
        given = index.ask("What was the net income in 2019?", filters={"file": str(files[1])}).answer
        assert given is not None and given.value == "3,400" and not given.candidates
        named = index.ask("What was the net income of Globex in 2019?").answer
        assert named is not None and named.value == "3,400"


def test_across_documents_the_table_naming_more_of_the_question_wins_not_the_longer_one(tmp_path: Path) -> None:
    # link scores are idf inside one table: a long table scores the same words higher than a short one, and a word
    # every row of a table holds ("allowance ... credit losses") scores nothing there
    other = [[f"Line item {i}", f"{i},000", f"{i},100"] for i in range(1, 15)]
    long_ = [
        ["", "2019", "2018"],
        ["Net income", "1,200", "900"],
        ["Allowance for expected credit losses", "(135)", "(23)"],
    ]
    a = _csv(tmp_path / "acme.csv", long_ + other)
    short = [
        ["", "2019", "2018"],
        ["Specific allowance for credit losses", "177", "220"],
        ["Total allowance for credit losses", "221", "292"],
        ["Net income", "3,400", "2,100"],
    ]
    b = _csv(tmp_path / "globex.csv", short)
    with tablerag.Index(tmp_path / "index") as index:
        index.add([a, b])
        total = index.ask("What is the total allowance for credit losses in 2019?").answer
        assert total is not None and total.value == "221" and not total.candidates
        assert {Path(c["file"]).name for c in total.citations} == {"globex.csv"}
        both = index.ask("What was the net income in 2019?").answer  # the same words in both: neither outranks
        assert both is not None and both.value is None
        assert {c.value for c in both.candidates} == {"1,200", "3,400"}


def test_the_same_value_in_two_documents_is_kept_and_both_are_cited(tmp_path: Path) -> None:
    a = _csv(tmp_path / "acme.csv", [["", "2019", "2018"], ["Net income", "1,200", "900"]])
    b = _csv(tmp_path / "globex.csv", [["", "2019", "2018"], ["Net income", "1,200", "2,100"]])
    with tablerag.Index(tmp_path / "index") as index:
        index.add([a, b])
        pooled = index.ask("What was the net income in 2019?").answer
        assert pooled is not None and pooled.value == "1,200" and len(pooled.candidates) == 2
        assert {Path(c["file"]).name for c in pooled.citations} == {"acme.csv", "globex.csv"}
        given = index.ask("What was the net income in 2019?", filters={"file": str(a)}).answer
        assert given is not None and given.value == "1,200" and not given.candidates


@pytest.mark.parametrize(
    ("question", "year"),
    [("In which year was revenue less than 100,000?", "2017"), ("In which year did revenue exceed 120,000?", "2019")],
)
def test_which_year_beyond_a_bound_names_the_one_column_past_it(tmp_path: Path, question: str, year: str) -> None:
    table = parse(_csv(tmp_path / "statement.csv", STATEMENT)).tables[0]
    answer = answer_table(table, question)
    assert answer is not None and answer.value == year and len(answer.citations) == 3


def test_section_rows_keep_their_label_and_shared_column_words_link_nothing(shared_data: Path, tmp_path: Path) -> None:
    """TAT-QA: the body split by "As at 31 December 2019" / "... 2018" section rows (the first right under the
    header), the columns "USD denominated" and "Non-USD denominated" sharing every word but "non-": the sections
    head their rows, and a question naming only the shared words links no column, so it is refused, not guessed."""
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    ctx = next(c for c in contexts if c["table"]["table"][1][0] == "As at 31 December 2019")
    table = parse(_csv(tmp_path / "monetary.csv", ctx["table"]["table"])).tables[0]
    assert table.header_rows == 1
    assert table.row_headers[2] == ["As at 31 December 2019", "Monetary assets, current"]
    assert table.row_headers[8] == ["As at 31 December 2018", "Monetary assets, current"]
    question = "What was the amount of USD denominated current monetary assets as at 31 December 2019?"
    answer = answer_table(table, question)  # "non-USD" is one word: "USD" alone names the first column
    assert answer is not None and answer.value == "27,728" and answer.citations[0]["row"] == 2
    assert answer_table(table, "What was the amount of denominated current monetary assets in RMB?") is None


def test_a_unit_note_in_the_header_is_the_tables_unit_not_a_level(tmp_path: Path) -> None:
    table = parse(_csv(tmp_path / "statement.csv", STATEMENT)).tables[0]
    assert table.column_headers[1] == ["Years Ended December 31,", "2019"]
    assert table.unit == "thousand" and table.cell_at(3, 1) is not None and table.cell_at(3, 1).unit == "thousand"


def test_the_cli_shows_the_candidates_in_text_and_json(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from tablerag.cli import app

    with tablerag.Index(tmp_path / "index") as index:
        index.add(_two_reports(tmp_path))
    args = ["query", "What was the net income in 2019?", "--index", str(tmp_path / "index")]
    text = CliRunner().invoke(app, args)
    assert text.exit_code == 0 and "Ambiguous" in text.output and "1,200" in text.output and "3,400" in text.output
    out = json.loads(CliRunner().invoke(app, [*args, "--json"]).output)
    assert out["answer"]["value"] is None and {c["value"] for c in out["answer"]["candidates"]} == {"1,200", "3,400"}
