"""The QA bench typesets grids as borderless report pages: which columns a header label is centred over decides
what the page says, so the typesetter must not centre a label over columns it does not head."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

SUBSIDIARIES = [
    ["", "", "", "Ownership interest", ""],
    ["Name", "Country", "Principal activity", "2019", "2018"],
    ["Nordhavn Shipping AS", "Norway", "Vessel operation", "100%", "100%"],
    ["Baltic Crew SIA", "Latvia", "Crew management", "75%", "60%"],
]
VALUATION = [
    ["", "Balance at", "Charged to", "", "Balance at"],
    ["", "Beginning", "Costs and", "", "End of"],
    ["", "of Period", "Expenses", "Deductions", "Period"],
    ["Allowance for doubtful accounts", "2,880", "1,140", "(1,065)", "2,955"],
]
GROUPS = [
    ["", "Financial assets", "", "Financial liabilities", ""],
    ["", "2019", "2018", "2019", "2018"],
    ["Level 1", "1,204", "1,118", "88", "91"],
]
RESTATED = [
    ["", "Revenue", "Change"],
    ["", "2019", "2018"],
    ["", "", "(restated)"],
    ["Products", "8,912", "8,430"],
]
UNIT_NOTE = [
    ["", "2019", "2018", "2017"],
    ["", "(in thousands, except per share data)", "", ""],
    ["Revenues", "842,315", "731,604", "655,920"],
]


def _runs(rows: list[list[str]]) -> dict[tuple[int, int], tuple[int, int]]:
    import qa_reports

    return qa_reports._group_runs(rows, qa_reports.header_rows(rows))


def test_a_lone_label_is_centred_over_the_columns_like_its_own() -> None:
    # the percentages, not the text columns beside them
    assert _runs(SUBSIDIARIES) == {(0, 3): (3, 4)}


def test_a_line_of_a_stacked_label_is_not_centred_over_the_next_column() -> None:
    assert _runs(VALUATION) == {}


def test_group_labels_apart_head_the_empty_cells_after_them() -> None:
    assert _runs(GROUPS) == {(0, 1): (1, 2), (0, 3): (3, 4)}


def test_a_lone_label_with_nothing_under_it_heads_only_its_column_unless_it_is_the_unit_note() -> None:
    assert (2, 2) not in _runs(RESTATED)
    assert _runs(UNIT_NOTE) == {(1, 1): (1, 3)}


def test_the_wide_layout_keeps_the_harder_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    import qa_reports

    monkeypatch.setattr(qa_reports, "SPANS", qa_reports.Spans.WIDE)
    assert _runs(SUBSIDIARIES) == {(0, 3): (1, 4)}
    assert _runs(VALUATION) == {(0, 2): (2, 3), (1, 2): (2, 3)}


def test_the_page_shows_the_label_over_its_own_columns(tmp_path: Path) -> None:
    import pymupdf
    import qa_reports

    pdf = qa_reports.typeset({"table": {"table": SUBSIDIARIES}, "paragraphs": []}, tmp_path / "t.pdf", True)
    with pymupdf.open(pdf) as doc:
        words = {w[4]: w for w in doc[0].get_text("words")}
    label_left = words["Ownership"][0]
    assert label_left > words["activity"][2]  # right of the text column's header
    assert words["Ownership"][0] < words["2019"][0] and words["interest"][2] >= words["2018"][2] - 1
