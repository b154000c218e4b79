"""Header rows and chains (pure functions shared by every reader)."""

from __future__ import annotations

import pytest
from helpers import grid_table

from tablerag.model import Cell
from tablerag.parsing.headers import apply_headers


@pytest.mark.parametrize(
    ("grid", "rows", "chains"),
    [
        ([["name", "value"], ["a", "1"]], 1, [["name"], ["value"]]),
        ([["1", "2"], ["3", "4"]], 0, [[], []]),
        # TAT-QA style: a period label over a blank stub, then the years row (years are labels, not data)
        (
            [
                ["", "", "Years Ended September 30,", ""],
                ["", "2019", "2018", "2017"],
                ["Other", "44.1", "56.7", "70.8"],
            ],
            2,
            # a lone label over one of several sibling period columns heads them all
            [[], *[["Years Ended September 30,", y] for y in ("2019", "2018", "2017")]],
        ),
        ([["only one row"]], 0, [[]]),
    ],
)
def test_detected_header_rows_and_chains(grid, rows, chains):
    t = grid_table(grid)
    assert (t.header_rows, t.column_headers) == (rows, chains)


def test_spanning_label_copied_and_lower_level_names_kept():
    grid = [
        ["", "", "Каналы National (Urban)", "", ""],
        ["Название сети", "Партнёр", "Гипер", "Супер", "Диск"],
        ["X", "Да", "1", "2", "3"],
    ]
    t = grid_table(grid)
    t.cells = [c for c in t.cells if (c.row, c.col) != (0, 2)] + [Cell(0, 2, "Каналы National (Urban)", col_span=3)]
    apply_headers(t)
    assert t.header_rows == 2
    assert t.column_headers[0] == ["Название сети"]
    assert t.column_headers[1] == ["Партнёр"]
    assert t.column_headers[4] == ["Каналы National (Urban)", "Диск"]
    assert [c.is_header for c in sorted(t.cells, key=lambda c: (c.row, c.col))][-1] is False


def test_vertical_span_label_kept_once():
    t = grid_table([["Region", "Q1", ""], ["", "a", "b"], ["North", "1", "2"]])
    t.cells = [c for c in t.cells if (c.row, c.col) not in {(0, 0), (0, 1)}] + [
        Cell(0, 0, "Region", row_span=2),
        Cell(0, 1, "Q1", col_span=2),
    ]
    apply_headers(t)
    assert t.header_rows == 2 and t.column_headers == [["Region"], ["Q1", "a"], ["Q1", "b"]]


def test_placeholder_dashes_do_not_make_a_data_row_a_header():
    """Regression: "Carbon dioxide | 100 million | - | -" under a grouped header counted as a header row because
    dashes counted as labels (ICDAR two-level tables)."""
    grid = [
        ["", "Emissions", "", ""],
        ["Gas", "2000", "2005", "2010"],
        ["Carbon dioxide", "100 million", "-", "-"],
        ["Methane", "7", "8", "9"],
    ]
    t = grid_table(grid)
    t.cells = [c for c in t.cells if (c.row, c.col) != (0, 1)] + [Cell(0, 1, "Emissions", col_span=3)]
    apply_headers(t)
    assert t.header_rows == 2 and t.column_headers[1] == ["Emissions", "2000"]


def test_title_row_over_the_header_does_not_end_it():
    t = grid_table(
        [
            ["2.1 Office Buildings", "", ""],
            ["Indicators", "For the year ended 31 December", ""],
            ["", "2019", "2018"],
            ["Total energy consumption (MWh)", "205,092.26", "167,488.48"],
            ["Diesel (MWh)", "41.33", "42.10"],
        ]
    )
    assert t.header_rows == 3
    assert t.column_headers[2][-1] == "2018"
    assert t.row_headers[3] == ["Total energy consumption (MWh)"]
    no_title = grid_table([["Assets", "", ""], ["Cash", "12", "13"]])
    assert no_title.header_rows == 1  # a title over data rows stays the whole header


def test_group_labels_left_in_one_cell_head_their_sibling_columns():
    t = grid_table(
        [
            ["", "Financial assets", "", "Financial liabilities", ""],
            ["", "2019", "2018", "2019", "2018"],
            ["Opening balance", "77,131", "83,934", "2,154", "4,466"],
        ]
    )
    assert t.column_headers[2] == ["Financial assets", "2018"]
    assert t.column_headers[4] == ["Financial liabilities", "2018"]
    quarters = grid_table(
        [
            ["", "", "", "Fiscal 2019"],
            ["", "First", "Second", "Third"],
            ["", "Quarter", "Quarter", "Quarter"],
            ["Gross margin", "40.1%", "41.5%", "41.1%"],
        ]
    )
    assert quarters.column_headers[2] == ["Fiscal 2019", "Second", "Quarter"]
    stacked = grid_table(  # one column's label over two lines heads no other column
        [
            ["", "", "Estimated"],
            ["", "", "Useful Life"],
            ["", "Fair value", "(in years)"],
            ["Goodwill", "93,776", "Indefinite"],
        ]
    )
    assert stacked.column_headers[1] == ["Fair value"]
    maturities = grid_table(  # a group label over maturity buckets heads every bucket, not the "Total" before them
        [
            ["", "", "", "Payments due by period", "", ""],
            ["Contractual obligations", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
            ["Long-term debt", "$9,400", "$400", "$2,100", "$2,900", "$4,000"],
        ]
    )
    assert maturities.column_headers[2] == ["Payments due by period", "Less than 1 year"]
    assert maturities.column_headers[5] == ["Payments due by period", "More than 5 years"]
    assert maturities.column_headers[1] == ["Total"]
    lengths = grid_table(  # a label after a one-column label still heads the sibling period beside it
        [
            ["", "Year Ended", "Nine Months Ended", ""],
            ["(in millions)", "December 31, 2022", "September 30, 2023", "September 30, 2022"],
            ["Net income", "$187.3", "$162.8", "$135.5"],
        ]
    )
    assert lengths.column_headers[3] == ["Nine Months Ended", "September 30, 2022"]
    assert lengths.column_headers[1] == ["Year Ended", "December 31, 2022"]
    cut = grid_table(  # a label cut at its line end ("% of" over "Total") heads its own column only
        [
            ["", "2021", "", "2020", ""],
            ["", "", "% of", "", "% of"],
            ["", "Sales", "Total", "Sales", "Total"],
            ["Europe", "512.4", "41.2%", "498.0", "42.9%"],
        ]
    )
    assert cut.column_headers[3][-1] == "Sales" and "% of" not in " ".join(cut.column_headers[3])
    assert "% of" in " ".join(cut.column_headers[4])


def test_a_unit_note_in_the_stub_names_no_body_row_under_a_spanning_label():
    # the years' row carries the table's unit in its stub, and a footnote mark a reader split off "2018 (4)" into a
    # column of its own: still the second header row, not the first body row
    t = grid_table(
        [
            ["", "", "As of and for the Year Ended May 31,", "", ""],
            ["(in millions, except per share amounts)", "2019", "2018", "(4)", "2017 (4)"],
            ["Total revenues", "$39,506", "$39,383", "", "$37,792"],
            ["Operating income", "$13,535", "$13,264", "", "$12,913"],
        ]
    )
    assert t.header_rows == 2
    assert t.row_headers[2] == ["Total revenues"]
    assert "2019" in t.column_headers[1]


def test_a_year_with_its_unit_in_one_cell_is_a_column_label():
    # "2019 $" / "2018 £m": the period and the column's unit in one header cell, not a row of numbers
    for unit in ("$", "£m", "$'000"):
        t = grid_table([["", f"2019 {unit}", f"2018 {unit}"], ["Revenue", "10", "20"], ["Costs", "5", "6"]])
        assert t.header_rows == 1, unit
        assert t.column_headers[1] == [f"2019 {unit}"]


def test_a_currency_thousands_row_without_apostrophe_is_a_header_unit_row():
    t = grid_table(
        [
            ["", "Note", "2019", "2018"],
            ["", "", "$000", "$000"],
            ["Revenue", "3", "10,250", "9,871"],
        ]
    )
    assert t.header_rows == 2
    assert t.unit == "thousand USD"
    assert t.column_headers[2] == ["2019"]
