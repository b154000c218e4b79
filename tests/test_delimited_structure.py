"""CSV header structure that carries meaning, on TAT-QA dev tables written as CSV (tables of the benchmark's tune
part) and on files the tests make: years with footnote marks, period labels over period groups, stacked header
blocks, section labels outside the stub, unit rows, periods beside a scale."""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path

from tablerag.model import Table
from tablerag.parsing.delimited import read_delimited

SHA = "ab" * 32


@functools.cache
def _contexts(data: Path) -> list[dict]:
    return json.loads((data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))


def _tatqa(shared_data: Path, tmp_path: Path, first_cells: tuple[str, ...]) -> tuple[list[list[str]], list[Table]]:
    """The TAT-QA dev table whose first column starts with ``first_cells`` (after empty cells), read as CSV."""
    for ctx in _contexts(shared_data):
        grid = ctx["table"]["table"]
        stub = tuple(row[0].strip() for row in grid if row[0].strip())
        if stub[: len(first_cells)] == first_cells:
            path = tmp_path / "table.csv"
            with path.open("w", encoding="utf-8", newline="") as fh:
                csv.writer(fh).writerows(grid)
            return grid, read_delimited(path, SHA).tables
    raise AssertionError(f"no TAT-QA dev table starts with {first_cells}")


def _csv(tmp_path: Path, text: str) -> list[Table]:
    path = tmp_path / "made.csv"
    path.write_text(text, encoding="utf-8")
    return read_delimited(path, SHA).tables


def test_years_with_footnote_marks_are_header_labels(shared_data: Path, tmp_path: Path) -> None:
    grid, (table,) = _tatqa(shared_data, tmp_path, ("Impairment charges", "Net losses on sales or disposals of assets"))
    assert grid[0][1:] == ["2019 (1)", "2018", "2017 (2)"]
    assert table.header_rows == 1
    assert table.column_headers[1:] == [["2019 (1)"], ["2018"], ["2017 (2)"]]
    assert table.row_headers[1] == ["Impairment charges"]


def test_period_label_heads_every_period_group_below_it(shared_data: Path, tmp_path: Path) -> None:
    """ "Fiscal years ended July 31," sits in the first 2019 column over 2019 | 2018, each widened over
    "Amount | % of total revenue": it heads all four of those columns, not the "Change" group beside them."""
    grid, (table,) = _tatqa(shared_data, tmp_path, ("Cost of revenue:", "License and subscription", "Maintenance"))
    assert grid[0][1] == "Fiscal years ended July 31," and grid[1][5] == "Change"
    label = "Fiscal years ended July 31,"
    assert [label in table.column_chain(c) for c in range(1, 7)] == [True] * 4 + [False] * 2
    assert table.column_chain(2) == [label, "2019", "% of total revenue"]
    assert table.row_headers[table.header_rows + 1] == ["Cost of revenue:", "License and subscription"]


def test_stacked_header_blocks_start_tables_of_their_own(shared_data: Path, tmp_path: Path) -> None:
    """A second header ("As of December 31, 2018" over the same sub-labels) inside the body: the rows below it
    take that header, and the lone date label heads every column, not only the one its text sits in."""
    grid, tables = _tatqa(shared_data, tmp_path, ("Foreign government obligations", "U.S. government obligations"))
    assert [row[2] for row in grid if row[2].startswith("As of")] == [
        "As of December 31, 2019",
        "As of December 31, 2018",
    ]
    first, second = tables
    assert first.column_chain(1) == ["As of December 31, 2019", "Amortized", "Cost"]
    assert second.column_chain(1) == ["As of December 31, 2018", "Amortized", "Cost"]
    assert second.column_chain(4) == ["As of December 31, 2018", "Fair", "Value"]
    assert second.sheet_rows is not None and second.sheet_rows[second.header_rows] == 10  # its line in the file
    assert second.row_headers[second.header_rows] == ["Foreign government obligations"]
    assert second.id != first.id


def test_quarter_labels_head_their_own_columns_and_blocks_split(shared_data: Path, tmp_path: Path) -> None:
    """ "First | Second | Third | Fourth" over "Quarter" and "Total": "Fourth" heads its own column, not "Total"
    after it; "Fiscal 2019" heads all five; the "Fiscal 2018" block below is a table of its own."""
    _, tables = _tatqa(shared_data, tmp_path, ("Revenues", "Gross profit", "Gross margin", "Net income (loss)"))
    first, second = tables
    assert first.column_chain(4) == ["Fiscal 2019", "Fourth", "Quarter"]
    assert first.column_chain(5) == ["Fiscal 2019", "Total"]
    assert second.column_chain(1) == ["Fiscal 2018", "First", "Quarter"]
    assert second.column_chain(5) == ["Fiscal 2018", "Total"]


def test_made_blocks_periods_and_a_lone_period_row(tmp_path: Path) -> None:
    """The spanning label of a plain CSV export heads all three years; a later header block of other years, and
    a lone period row that does not repeat the sub-labels, each head the rows below them."""
    (table,) = _csv(tmp_path, ",Years ended December 31,,\n,2019,2018,2017\nRevenue,15,27,31\nCost,4,5,9\n")
    assert table.column_headers[1:] == [["Years ended December 31", y] for y in ("2019", "2018", "2017")]
    first, second = _csv(tmp_path, ",2019,2018\nLoans,120,118\nBonds,45,47\n,2018,2017\nLoans,110,109\n")
    assert (first.column_headers, second.column_headers) == ([[], ["2019"], ["2018"]], [[], ["2018"], ["2017"]])
    text = ",As at 31 December 2019,\n,Carrying amount,Fair value\nLoans,120,118\n,As at 31 December 2018,\nLoans,110,109\n"
    first, second = _csv(tmp_path, text)
    assert second.column_headers == [
        [],
        ["As at 31 December 2018", "Carrying amount"],
        ["As at 31 December 2018", "Fair value"],
    ]
    assert second.sheet_rows == [4, 2, 5] and second.row_headers[2] == ["Loans"]


def test_section_label_outside_the_stub(shared_data: Path, tmp_path: Path) -> None:
    """ ",Consolidated Balance Sheets Data:,,,," in the first value column is a section of the rows below, not a
    header level of that column."""
    grid, (table,) = _tatqa(shared_data, tmp_path, ("(in millions, except per share amounts)", "Total revenues"))
    assert table.header_rows == 2
    assert table.column_chain(1) == ["As of and for the Year Ended May 31,", "2019"]
    assert table.column_chain(3) == ["As of and for the Year Ended May 31,", "2017 (4)"]
    row = next(r for r, line in enumerate(grid) if line[0] == "Total assets (2)")
    # the footnote mark "(2)" is no word of the row's name; the cell keeps its text
    assert table.row_headers[row] == ["Consolidated Balance Sheets Data:", "Total assets"]
    assert next(c.text for c in table.cells if (c.row, c.col) == (row, 0)) == "Total assets (2)"


def test_unit_rows_and_long_unit_notes_are_header(shared_data: Path, tmp_path: Path) -> None:
    _, (table,) = _tatqa(shared_data, tmp_path, ("Revenue from external customers by country", "UK", "USA"))
    assert table.header_rows == 2 and table.row_headers[2] == ["UK"]
    cell = table.cell_at(2, 1)
    assert cell is not None and cell.unit == "million USD"
    _, (table,) = _tatqa(shared_data, tmp_path, ("Years ended August 31,", "(In thousands of Canadian dollars)"))
    assert table.header_rows == 3
    assert table.column_chain(2) == ["2018", "$", "(restated, Note 3)"]


def test_period_beside_a_scale_is_a_header_level(tmp_path: Path) -> None:
    """ "2019 $’000" names the year as well as the scale: it stays in the column's chain."""
    (table,) = _csv(tmp_path, ',CONSOLIDATED,\n,2019 $’000,Change %\nCash,"21,956",5%\nDebt,"1,203",7%\n')
    assert table.column_chain(1) == ["CONSOLIDATED", "2019 $’000"]
    cell = table.cell_at(2, 1)
    assert cell is not None and cell.unit == "thousand USD"


def test_period_label_heads_periods_and_the_columns_between_not_the_change_after(tmp_path: Path) -> None:
    """A lone label over "2019 | Change | 2018 | Change | 2017" heads all five; over "2019 | 2018 | Increase" it
    heads the two years, not the change column after them; a letter-spaced year is a period too."""
    text = ',,,Year Ended June 30,,\n(In thousands),2019,Change,2018,Change,2017\nAmericas,"$132,426",-19,151,39,111\n'
    (table,) = _csv(tmp_path, text)
    assert all(table.column_chain(c)[0] == "Year Ended June 30" for c in range(1, 6))
    (table,) = _csv(tmp_path, ",Years Ended December 31,,\n,2019,2 0 1 8,Increase (Decrease)\nSales,15,27,-12\n")
    assert table.column_headers[1:] == [
        ["Years Ended December 31", "2019"],
        ["Years Ended December 31", "2 0 1 8"],
        ["Increase (Decrease)"],
    ]


def test_a_label_over_a_unit_note_of_the_same_span_stays_a_level(tmp_path: Path) -> None:
    """ "(in thousands, ...)" widened under "Years Ended December 31," like it is a unit, not a group label: the
    label above it is no title, it heads the years."""
    text = ',,"Years Ended December 31,",\n,,"(in thousands, except per share amounts)",\n,2019,2018,2017\nSales,15,27,31\n'
    (table,) = _csv(tmp_path, text)
    assert table.column_chain(3) == ["Years Ended December 31,", "2017"] and table.unit == "thousand"


def test_unit_note_in_the_stub_is_no_section(shared_data: Path, tmp_path: Path) -> None:
    """ "(In thousands)" alone in the stub under the years is the table's unit, not a section of every row."""
    grid, (table,) = _tatqa(shared_data, tmp_path, ("October 31,", "(In thousands)", "Deferred tax liabilities:"))
    row = next(r for r, line in enumerate(grid) if line[0] == "Property, plant and equipment")
    assert table.row_headers[row] == ["Deferred tax liabilities:", "Property, plant and equipment"]
    assert table.unit == "thousand"


def test_a_bare_dollar_sign_takes_the_tables_named_dollar(shared_data: Path, tmp_path: Path) -> None:
    """ "$" over the columns of a table "(In thousands of Canadian dollars)": its amounts are Canadian dollars."""
    _, (table,) = _tatqa(shared_data, tmp_path, ("Years ended August 31,", "(In thousands of Canadian dollars)"))
    units = {c.unit for c in table.cells if c.value is not None and c.row >= table.header_rows}
    assert units == {"thousand CAD"}
    (table,) = _csv(tmp_path, ',2019,2018\n"(In thousands of Canadian dollars)",US$,$\nSales,15,27\n')
    assert [table.cell_at(2, c).unit for c in (1, 2)] == ["thousand USD", "thousand CAD"]  # "US$" says which


def test_stacked_title_rows_stay_above_the_header(tmp_path: Path) -> None:
    """Two title lines over a header (an export's "Table 4: ..." line over the table's own name): both name the
    table; the column labels below them stay the header, not the first body rows."""
    text = "Table 4: Selected data,,,\nIncome tax expense,,,\n,2019,2018,2017\n,€m,€m,€m\nCurrent year,21,70,27\n"
    (table,) = _csv(tmp_path, text)
    assert table.header_rows == 4
    assert table.column_headers[1] == ["2019"]
    assert table.row_headers[4] == ["Current year"]
    # one title line over a row of values is a section of the body, as before
    (table,) = _csv(tmp_path, ",2019,2018\nAssets,,\nIncome tax expense,,\nCash,1,2\n")
    assert table.header_rows == 1 and table.row_headers[3] == ["Assets", "Income tax expense", "Cash"]


def test_footnote_marks_leave_row_names(tmp_path: Path) -> None:
    """A footnote mark ending a stub label ("(1)", "*", "¹", " (a)") is not part of the row's name; a label that is
    nothing but a mark, or ends in a parenthesised word, is kept whole."""
    text = (
        ",2019,2018\nTamil films (1),3,1\nRegional films (excluding Tamil films),49,3\nTotal*,52,4\n"
        "Goodwill (a),7,7\nRevenue¹,5,5\n(1),8,8\n"
    )
    (table,) = _csv(tmp_path, text)
    assert [table.row_headers[r][-1] for r in range(1, 7)] == [
        "Tamil films",
        "Regional films (excluding Tamil films)",
        "Total",
        "Goodwill",
        "Revenue",
        "(1)",
    ]


def test_spacer_rows_and_columns_neither_end_nor_split_a_header(tmp_path: Path) -> None:
    """An export's blank spacer rows and columns: the header still reaches "2019 | 2018" under "Fiscal" across a
    blank row, a label left in its first cell still heads both columns beside it, and citations keep the file's
    column numbers."""
    (table,) = _csv(tmp_path, ",,Fiscal,,,\n,,,,,\n,,2019,,2018,\n,,,,,\nRevenue,,12,,10,\nCost,,4,,3,\n")
    assert table.header_rows == 2 and table.sheet_rows == [1, 3, 5, 6]  # rows cited by the file's lines
    assert table.n_cols == 3 and table.column_letters == ["1", "3", "5"]
    assert table.column_headers == [[], ["Fiscal", "2019"], ["Fiscal", "2018"]]
    assert table.row_headers[2:] == [["Revenue"], ["Cost"]]


def test_currency_and_percent_marks_in_columns_of_their_own_join_their_numbers(tmp_path: Path) -> None:
    """ "$ | 94" and "41.5 | %" as a PDF-to-sheet export writes them: one cell each, under the column's own label;
    a mark beside a label stays."""
    text = ",,First,,Second,,Total\nRevenues,$,94,$,96,$,190\nMargin,,41.5,%,40.1,%,\nNote,$,see below,,,,\n"
    (table,) = _csv(tmp_path, text)
    cells = {(c.row, c.col): c for c in table.cells}
    letters = table.column_letters or []
    second = letters.index("5")
    assert table.column_headers[second] == ["Second"]
    assert cells[(1, second)].text == "$96" and cells[(1, second)].value == 96
    assert cells[(2, letters.index("3"))].text == "41.5%"
    assert cells[(3, letters.index("2"))].text == "$"


def test_a_header_written_over_a_column_of_currency_marks_heads_the_amounts(tmp_path: Path) -> None:
    """ "2019" written over the "$" column, the amounts' own header cell empty (as a PDF-to-sheet export places a
    label centred over "$ | 48,212"): the year heads the amounts, and the marks join them."""
    text = (
        ",Year Ended December 31,,,,\n(in thousands),2019,,2018,\n"
        "Domestic,$,48212,$,31905\nForeign,,12630,,9884\nTotal,$,60842,$,41789\n"
    )
    (table,) = _csv(tmp_path, text)
    letters = table.column_letters or []
    assert letters == ["1", "3", "5"]
    span = "Year Ended December 31"
    assert [table.column_headers[c] for c in (1, 2)] == [[span, "2019"], [span, "2018"]]
    cells = {(c.row, c.col): c for c in table.cells}
    assert cells[(2, 1)].text == "$48212" and cells[(2, 1)].value == 48212
    assert cells[(3, 2)].value == 9884


def test_a_name_over_two_lines_of_a_two_column_stub_goes_on_down(tmp_path: Path) -> None:
    """ "Ann Lee (CEO) | 2023 | ..." then " | 2022 | ...": the name, merged down over both lines in the report, is
    the second line's outer label too; a row of no label at all ends it."""
    text = (
        "€ thousand,,Salary,Bonus\nAnn Lee (CEO),2023,900,450\n,2022,850,400\n"
        "Raj Patel (CFO),2023,600,300\n,2022,580,250\n"
    )
    (table,) = _csv(tmp_path, text)
    assert [table.row_headers[r] for r in (2, 4)] == [["Ann Lee (CEO)", "2022"], ["Raj Patel (CFO)", "2022"]]


def test_a_merged_label_written_into_every_cell_it_covers_heads_its_sub_labels(tmp_path: Path) -> None:
    """ "本期数 | 本期数" over "收入 | 成本", the stub label written again below itself: a two-row header, as the
    merged cells were. A label shared with the stub heads the stub's own columns, and a row under it is data."""
    text = (
        "项 目,本期数,本期数,上年同期数,上年同期数\n项 目,收入,成本,收入,成本\n"
        '绞盘,"131,488,228.46","78,619,974.63","118,694,054.93","76,744,386.56"\n'
    )
    (table,) = _csv(tmp_path, text)
    assert table.header_rows == 2
    assert table.column_headers[2] == ["本期数", "成本"] and table.row_headers[2] == ["绞盘"]
    text = "分类,分类,分类,说明\n汽车,载客汽车,大型,车长大于等于6000mm\n汽车,载客汽车,中型,车长小于6000mm\n"
    (table,) = _csv(tmp_path, text)
    assert table.header_rows == 1


def test_a_fiscal_year_over_quarter_ended_dates_every_quarter_column(tmp_path: Path) -> None:
    """ "Fiscal Year 2019" over "Quarter Ended" over the quarters' end dates is no title of the table: it dates
    every column under it (the quarters of fiscal 2019 end in calendar 2018 and 2019), so it is a level of theirs."""
    text = (
        ',Fiscal Year 2019,,,\n,Quarter Ended,,,\n"(in millions)",September 30 2018,December 31 2018,'
        "March 31 2019,June 30 2019\nNet revenues,2845,3312,2977,3104\nOperating income,512,688,540,573\n"
    )
    (table,) = _csv(tmp_path, text)
    assert table.column_chain(1) == ["Fiscal Year 2019", "Quarter Ended", "September 30 2018"]
    assert table.column_chain(4) == ["Fiscal Year 2019", "Quarter Ended", "June 30 2019"]
    text = ",Absolute errors,,\n,Year of data,,\nModel,2018,2019,2020\nA,1.5,1.2,0.9\nB,2.5,2.2,1.9\n"
    (titled,) = _csv(tmp_path, text)
    assert titled.caption == "Absolute errors" and titled.column_chain(2) == ["Year of data", "2019"]


def test_group_labels_sharing_a_row_each_head_their_own_change_column(tmp_path: Path) -> None:
    """ "December | Year-to-Date" over "2019 | 2018 | Change" twice: each group's change column is its own (a lone
    label over periods stops before the change; labels sharing the row head their groups up to the next)."""
    text = (
        ",December,,,Year-to-Date,,\n,2019,2018,Change,2019,2018,Change\n"
        'Cargo ton miles (millions),241,256,(5.9)%,"3,018","3,144",(4.0)%\n'
    )
    (table,) = _csv(tmp_path, text)
    assert table.column_chain(3) == ["December", "Change"], table.column_headers
    assert table.column_chain(6) == ["Year-to-Date", "Change"]
    assert table.column_chain(4) == ["Year-to-Date", "2019"]
