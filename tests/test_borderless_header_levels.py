"""Borderless and ruled report tables whose header levels, currency columns and wrapped labels must come back as a
CSV of the same grid reads them: a header line above a line of sub-labels it does not line up with, group labels
centred over an amount and a share column, a unit note between the sub-labels and the body, amounts with a scale
letter ("£203m"), "$" set apart from its amount, a stub label wrapped over two ruled rows."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from pdf_make import make_borderless

from tablerag.model import Table
from tablerag.parsing import parse

SIZE = 8.0
PAD = 4.0
LEFT = 50.0
PITCH = 15.2
TOP = 120.0

# (row, text, first column, last column): a label over several columns is centred over them
Label = tuple[int, str, int, int]


def _width(text: str) -> float:
    import pymupdf

    fitz: Any = pymupdf
    return float(fitz.get_text_length(text, "helv", SIZE))


def _typeset(path: Path, rows: list[list[str]], spans: tuple[Label, ...] = (), ruled: bool = False) -> Path:
    """A table the way reports set one: the stub left-aligned, amounts and labels right-aligned in their columns,
    each label of ``spans`` centred over its columns (its own cell in ``rows`` left empty); borderless, or
    ``ruled`` with a line around every cell."""
    import pymupdf

    fitz: Any = pymupdf
    n_cols = max(len(r) for r in rows)
    widths = [30.0] * n_cols
    for row in rows:
        for c, text in enumerate(row):
            widths[c] = max(widths[c], _width(text) + 2 * PAD)
    for _, text, first, last in spans:  # a centred label gets its columns' width together
        extra = max(0.0, _width(text) + 2 * PAD - sum(widths[first : last + 1])) / (last - first + 1)
        widths[first : last + 1] = [w + extra for w in widths[first : last + 1]]
    xs = [LEFT]
    for w in widths:
        xs.append(xs[-1] + w)
    doc = fitz.open()
    page = doc.new_page()
    if ruled:
        for r in range(len(rows) + 1):
            y = TOP - SIZE - 2 + PITCH * r
            page.draw_line((xs[0], y), (xs[-1], y), width=0.5)
        for x in xs:
            page.draw_line((x, TOP - SIZE - 2), (x, TOP - SIZE - 2 + PITCH * len(rows)), width=0.5)
    for r, row in enumerate(rows):
        y = TOP + PITCH * r
        for c, text in enumerate(row):
            if text:
                x = xs[0] + PAD if c == 0 else xs[c + 1] - PAD - _width(text)
                page.insert_text((x, y), text, fontname="helv", fontsize=SIZE)
    for r, text, first, last in spans:
        x = (xs[first] + xs[last + 1] - _width(text)) / 2
        page.insert_text((x, TOP + PITCH * r), text, fontname="helv", fontsize=SIZE)
    doc.save(path)
    doc.close()
    return path


def _table(path: Path) -> Table:
    tables = parse(path).tables
    assert len(tables) == 1, [t.grid() for t in tables]
    return tables[0]


def _column_of(table: Table, text: str) -> int:
    return next(c.col for c in table.cells if c.text == text)


def test_a_header_line_above_sub_labels_it_does_not_line_up_with_stays_in_the_table(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", ""],
        ["", "2019", "2018", "", ""],
        ["", "", "", "$", "%"],
        ["(dollars in thousands)", "", "", "", ""],
        ["Research and development", "$ 230,011", "$ 233,666", "$ (3,655)", "(1.6)%"],
        ["Percentage of revenue", "21.3%", "22.0%", "", ""],
        ["Selling, general and administrative", "$ 157,660", "$ 160,380", "$ (2,720)", "(1.7)%"],
        ["Percentage of revenue", "14.6%", "15.1%", "", ""],
    ]
    spans = ((0, "Year Ended December 31,", 1, 4), (1, "Change", 3, 4))
    table = _table(_typeset(tmp_path / "opex.pdf", rows, spans))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "$ 230,011"))[-1] == "2019"
    assert table.column_chain(_column_of(table, "$ (3,655)"))[-2:] == ["Change", "$"]
    assert table.column_chain(_column_of(table, "(1.7)%"))[-2:] == ["Change", "%"]


def test_amounts_with_a_scale_letter_keep_their_columns_under_a_label_spanning_both(tmp_path: Path) -> None:
    rows = [
        ["", "", "", ""],
        ["", "", "Increase in assumption", "Decrease in assumption"],
        ["Discount rate", "0.5%", "(£184m)", "£203m"],
        ["Rate of inflation", "0.5%", "£142m", "(£131m)"],
        ["Salary growth rate", "0.5%", "£21m", "(£19m)"],
        ["Life expectancy", "1 year", "£97m", "(£96m)"],
    ]
    spans = ((0, "Change in assumption", 1, 1), (0, "Impact on defined benefit obligation", 2, 3))
    table = _table(_typeset(tmp_path / "sensitivity.pdf", rows, spans))
    assert table.n_cols == 4
    assert [table.grid()[r][2:] for r in range(2, 6)] == [row[2:] for row in rows[2:]]
    assert table.column_chain(_column_of(table, "(£96m)")) == [
        "Impact on defined benefit obligation",
        "Decrease in assumption",
    ]


def test_a_share_column_wider_than_its_amounts_under_a_centred_year_keeps_its_own_column(tmp_path: Path) -> None:
    rows = [
        ["(Dollars in millions)", "", "", "", ""],
        ["", "Amount", "% of Total", "Amount", "% of Total"],
        ["United States", "$2,415", "48%", "$2,208", "51%"],
        ["Europe", "1,308", "26", "1,082", "25"],
        ["Asia Pacific", "905", "18", "736", "17"],
        ["Latin America", "402", "8", "303", "7"],
        ["Total revenue", "$5,030", "100%", "$4,329", "100%"],
    ]
    spans = ((0, "2019", 1, 2), (0, "2018", 3, 4))
    table = _table(_typeset(tmp_path / "geography.pdf", rows, spans))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "26")) == ["2019", "% of Total"]
    assert table.column_chain(_column_of(table, "1,082")) == ["2018", "Amount"]


def test_sub_labels_above_a_unit_note_are_the_ones_the_column_edges_keep_whole(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", ""],
        ["", "June 30, 2023", "June 30, 2022", "June 30, 2023", "June 30, 2022"],
        ["(in millions, except percentages)", "", "", "", ""],
        ["Income before income taxes", "$1,284", "$1,107", "$2,391", "$2,215"],
        ["Provision for income taxes", "$263", "$249", "$478", "$509"],
        ["Effective tax rate", "20.5%", "22.5%", "20.0%", "23.0%"],
    ]
    spans = ((0, "Three Months Ended", 1, 2), (0, "Six Months Ended", 3, 4))
    table = _table(_typeset(tmp_path / "tax_rate.pdf", rows, spans))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "22.5%")) == ["Three Months Ended", "June 30, 2022"]
    assert table.column_chain(_column_of(table, "$478")) == ["Six Months Ended", "June 30, 2023"]


def test_currency_signs_set_apart_from_their_amounts_fold_into_them(tmp_path: Path) -> None:
    rows = [
        ["", "", "2019", "", "2018"],
        ["(in thousands)", "", "", "", ""],
        ["Net sales", "$", "181,567", "$", "156,207"],
        ["Cost of sales", "", "94,310", "", "80,556"],
        ["Gross profit", "$", "87,257", "$", "75,651"],
    ]
    borderless = _table(_typeset(tmp_path / "borderless.pdf", rows))
    ruled = _table(_typeset(tmp_path / "ruled.pdf", rows, ruled=True))
    for table in (borderless, ruled):
        assert table.n_cols == 3, table.grid()
        net_sales = next(r for r in range(table.n_rows) if table.grid()[r][0] == "Net sales")
        assert [" ".join(t.split()) for t in table.grid()[net_sales][1:]] == ["$ 181,567", "$ 156,207"]
        assert table.column_chain(2) == ["2018"]


def test_a_ruled_stub_label_wrapped_over_two_rows_is_one_label(tmp_path: Path) -> None:
    rows = [
        ["", "2019", "2018"],
        ["Current assets:", "", ""],
        ["Cash and cash equivalents", "215,877", "187,402"],
        ["Accounts receivable, net of", "", ""],
        ["allowance of $1,204", "88,642", "79,118"],
        ["Inventories", "61,205", "57,930"],
        ["Total current assets", "365,724", "324,450"],
    ]
    table = _table(_typeset(tmp_path / "wrapped.pdf", rows, ruled=True))
    receivable = next(r for r in range(table.n_rows) if table.grid()[r][1] == "88,642")
    assert table.row_chain(receivable) == ["Current assets:", "Accounts receivable, net of allowance of $1,204"]
    inventories = next(r for r in range(table.n_rows) if table.grid()[r][0] == "Inventories")
    assert table.row_chain(inventories) == ["Current assets:", "Inventories"]


def test_stacked_blocks_keep_each_period_title_over_their_own_rows(tmp_path: Path) -> None:
    block = [
        ["(In millions)", "Level 1", "Level 2", "Level 3", "Total"],
        ["Time deposits", "$-", "$1,420", "$-", "$1,420"],
        ["Equity securities", "2,605", "—", "97", "2,702"],
        ["Total", "$2,923", "$1,420", "$138", "$4,481"],
    ]
    later = [[row[0], *[v.replace("1,420", "1,265").replace("2,605", "2,184") for v in row[1:]]] for row in block]
    rows = [["As of June 30, 2019", "", "", "", ""], *block, ["As of June 30, 2018", "", "", "", ""], *later]
    tables = parse(_typeset(tmp_path / "fair_value.pdf", rows)).tables
    chains = {
        cell.text: table.row_chain(cell.row) + table.column_chain(cell.col)
        for table in tables
        for cell in table.cells
        if cell.text in ("2,605", "2,184")
    }
    header = [" ".join(cell.text.split()) for table in tables for cell in table.cells if cell.row < table.header_rows]
    assert "As of June 30, 2018 (In millions)" not in header  # a block's title is not read into its header row
    assert tables[0].grid()[0][0] == "As of June 30, 2019"  # the first block's title stays with the table
    assert "2018" in " ".join(chains["2,184"]) and "2019" not in " ".join(chains["2,184"])


def test_a_wider_total_under_a_share_column_stays_in_it(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", ""],
        ["", "£m", "%", "£m", "%"],
        ["Equities", "412.8", "31.6", "438.1", "35.2"],
        ["Government bonds", "386.4", "29.6", "341.7", "27.5"],
        ["Corporate bonds", "229.0", "17.5", "214.3", "17.2"],
        ["Property", "54.7", "4.2", "58.6", "4.7"],
        ["Cash", "24.6", "1.9", "18.8", "1.5"],
        ["Total fair value of plan assets", "1,306.0", "100.0", "1,244.4", "100.0"],
    ]
    table = _table(_typeset(tmp_path / "plan_assets.pdf", rows, ((0, "2019", 1, 2), (0, "2018", 3, 4))))
    assert table.n_cols == 5
    assert table.grid()[-1] == rows[-1]


def test_a_period_over_a_repeated_set_of_sub_labels_heads_the_whole_set(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", "", "", ""],
        ["", "High", "Low", "Dividends", "High", "Low", "Dividends"],
        ["First quarter", "$54.12", "$46.30", "$0.21", "$49.85", "$41.20", "$0.19"],
        ["Second quarter", "58.77", "51.05", "0.21", "52.40", "45.66", "0.19"],
        ["Third quarter", "61.90", "55.48", "0.23", "50.12", "44.03", "0.21"],
        ["Fourth quarter", "63.25", "57.81", "0.23", "53.96", "47.58", "0.21"],
    ]
    table = _table(_typeset(tmp_path / "stock_prices.pdf", rows, ((0, "2019", 1, 3), (0, "2018", 4, 6))))
    assert table.n_cols == 7
    assert table.column_chain(_column_of(table, "61.90")) == ["2019", "High"]
    assert table.column_chain(_column_of(table, "55.48")) == ["2019", "Low"]
    assert table.column_chain(_column_of(table, "$49.85")) == ["2018", "High"]


def test_a_one_column_label_flush_with_its_numbers_stays_inside_its_repeated_set(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", "", "", ""],
        ["", "", "", "Net", "", "", "Net"],
        ["", "Carrying Amount", "Accumulated Amortization", "Carrying Amount"] * 2,
        ["Customers", "68,400", "(38,212)", "30,188", "68,400", "(31,370)", "37,030"],
        ["Technology", "42,150", "(32,077)", "10,073", "42,150", "(29,104)", "13,046"],
        ["Total", "115,850", "(73,973)", "41,877", "115,850", "(63,541)", "52,309"],
    ]
    rows[2] = rows[2][:4] + rows[2][5:]
    spans = ((0, "December 31, 2019", 1, 3), (0, "December 31, 2018", 4, 6), (1, "Gross", 1, 2), (1, "Gross", 4, 5))
    table = _table(_typeset(tmp_path / "intangibles.pdf", rows, spans))
    assert table.n_cols == 7
    assert table.column_chain(_column_of(table, "13,046")) == ["December 31, 2018", "Net", "Carrying Amount"]
    assert table.column_chain(_column_of(table, "(29,104)")) == [
        "December 31, 2018",
        "Gross",
        "Accumulated Amortization",
    ]
    assert table.column_chain(_column_of(table, "30,188")) == ["December 31, 2019", "Net", "Carrying Amount"]


def test_two_dates_set_close_over_their_columns_head_one_column_each(tmp_path: Path) -> None:
    rows = [
        ["", "June 30, 2019", "December 31, 2018"],
        ["(in thousands)", "", ""],
        ["Current assets:", "", ""],
        ["Cash and cash equivalents", "$245,118", "$301,442"],
        ["Short-term investments", "120,337", "98,610"],
        ["Total current assets", "612,720", "633,015"],
    ]
    # a note centred under both dates leaves the gutter between them no clean place for a column edge
    table = _table(_typeset(tmp_path / "balance_sheet.pdf", rows, ((1, "(unaudited)", 1, 2),)))
    assert table.n_cols == 3
    assert table.column_chain(_column_of(table, "98,610")) == ["December 31, 2018"]
    assert table.column_chain(_column_of(table, "120,337"))[0] == "June 30, 2019"


def test_a_label_set_flush_with_the_first_column_of_a_repeated_set_heads_the_set(tmp_path: Path) -> None:
    rows = [
        ["", "Discount rate", "", "Inflation", ""],
        ["£m", "+0.5%", "-0.5%", "+0.5%", "-0.5%"],
        ["UK scheme", "(1,042)", "1,187", "803", "(745)"],
        ["US plans", "(118)", "129", "—", "—"],
        ["Other overseas", "(36)", "41", "12", "(11)"],
    ]
    table = _table(_typeset(tmp_path / "sensitivity.pdf", rows))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "129")) == ["Discount rate", "-0.5%"]
    assert table.column_chain(_column_of(table, "(745)")) == ["Inflation", "-0.5%"]
    assert table.column_chain(_column_of(table, "803")) == ["Inflation", "+0.5%"]


def test_a_label_flush_right_with_its_column_heads_that_column_only(tmp_path: Path) -> None:
    rows = [
        ["", "F19", "", "", ""],
        ["$ MILLION", "53 WEEKS", "52 WEEKS", "CHANGE", "CHANGE NORMALISED"],
        ["Sales", "1,671", "1,612", "3.7%", "1.8%"],
        ["EBITDA", "372", "361", "3.5%", "2.5%"],
        ["Depreciation and amortisation", "(111)", "(102)", "8.8%", "6.9%"],
    ]
    table = _table(_typeset(tmp_path / "weeks.pdf", rows, ((0, "F18", 2, 4),)))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "1,671")) == ["F19", "53 WEEKS"]
    assert table.column_chain(_column_of(table, "1,612")) == ["F18", "52 WEEKS"]


def test_a_label_centred_over_narrow_sub_labels_heads_every_column_its_cells_fill(tmp_path: Path) -> None:
    """ "Change" centred over "($) | (%)": the short sub-labels sit at the right of their columns, so
    the label overhangs them; centred over the columns' cells (amounts and all), it heads both."""
    rows = [
        ["", "2019", "2018", "", ""],
        ["", "Amount", "Amount", "($)", "(%)"],
        ["Cost of revenue", "$ 1,234,567", "$ 1,358,023", "$ (123,456)", "(9)%"],
        ["Research and development", "$ 2,345,678", "$ 2,111,111", "$ 234,567", "11%"],
        ["Total operating expenses", "$ 3,580,245", "$ 3,469,134", "$ 111,111", "3%"],
    ]
    table = _table(_typeset(tmp_path / "change.pdf", rows, ((0, "Change", 3, 4),)))
    assert table.n_cols == 5
    assert table.column_chain(_column_of(table, "$ (123,456)")) == ["Change", "($)"]
    assert table.column_chain(_column_of(table, "(9)%")) == ["Change", "(%)"]
    assert table.column_chain(_column_of(table, "$ 1,358,023")) == ["2018", "Amount"]


def test_a_section_label_set_over_the_value_columns_heads_the_rows_below_it(tmp_path: Path) -> None:
    """Section rows written in the first value column ("Statements of Operations Data:") head the rows below
    them; their left edge, far right of the stub's, is no indentation step under the row above."""
    rows = [
        ["", "2019", "2018", "2017"],
        ["", "Statements of Operations Data:", "", ""],
        ["Total revenues", "$39,506", "$39,383", "$37,792"],
        ["Operating income", "$13,535", "$13,264", "$12,913"],
        ["Cash dividends declared per common share", "$0.81", "$0.76", "$0.64"],
        ["", "Balance Sheets Data:", "", ""],
        ["Working capital", "$27,756", "$57,035", "$50,995"],
        ["Total assets", "$108,709", "$137,851", "$136,003"],
    ]
    table = _table(_typeset(tmp_path / "sections.pdf", rows))
    row_of = {c.text: c.row for c in table.cells if c.col == 0}
    assert table.row_chain(row_of["Operating income"]) == ["Statements of Operations Data:", "Operating income"]
    assert table.row_chain(row_of["Total assets"]) == ["Balance Sheets Data:", "Total assets"]
    assert table.row_chain(row_of["Balance Sheets Data:"]) == ["Balance Sheets Data:"]


def test_dollar_columns_under_a_centred_label_and_beside_wrapped_labels_fold_into_their_amounts(tmp_path: Path) -> None:
    """ "$" set in columns of their own under "Fiscal Year" centred over every column (it lands across a "$" column
    and its amounts), on rows whose labels wrap (too few "$" to stand as a column join the cells beside them)."""
    rows = [
        ["", "", "", "", "", "", ""],
        ["", "", "2019", "", "2018", "", "2017"],
        ["(in millions)", "", "", "", "", "", ""],
        ["Net cash provided by operating", "", "", "", "", "", ""],
        ["activities", "$", "402.8", "$", "351.6", "$", "298.4"],
        ["Net cash used in investing activities", "", "(187.3)", "", "(164.9)", "", "(201.5)"],
        ["Net increase in cash and cash", "", "", "", "", "", ""],
        ["equivalents", "$", "37.4", "$", "23.7", "$", "7.6"],
    ]
    table = _table(_typeset(tmp_path / "cash.pdf", rows, ((0, "Fiscal Year", 1, 6),)))
    assert table.n_cols == 4, table.grid()
    assert table.column_headers[1:] == [["Fiscal Year", year] for year in ("2019", "2018", "2017")]
    grid = table.grid()
    first = next(r for r in range(table.n_rows) if grid[r][0].startswith("Net cash provided"))
    assert [" ".join(t.split()) for t in grid[first]] == [
        "Net cash provided by operating activities",
        "$ 402.8",
        "$ 351.6",
        "$ 298.4",
    ]


def test_percentages_with_the_sign_set_apart_keep_their_column_under_a_centred_year(tmp_path: Path) -> None:
    """ "12.5 %" (the sign set apart, as many reports set it) is an amount: its column is a column of numbers,
    parted from the amounts beside it, though the year centred over both and the header's narrow gap cross the
    gutter between them."""
    rows = [
        ["", "", "", "", ""],
        ["", "Amount", "% of revenue", "Amount", "% of revenue"],
        ["Cost of revenue", "$ 1,234,567", "12.5 %", "$ 1,358,023", "13.1 %"],
        ["Research and development", "$ 2,345,678", "23.1 %", "$ 2,111,111", "21.0 %"],
        ["Total operating expenses", "$ 3,580,245", "35.6 %", "$ 3,469,134", "34.1 %"],
    ]
    table = _table(_typeset(tmp_path / "shares.pdf", rows, ((0, "2019", 1, 2), (0, "2018", 3, 4))))
    assert table.n_cols == 5, table.grid()
    assert table.column_chain(_column_of(table, "12.5 %")) == ["2019", "% of revenue"]
    assert table.column_chain(_column_of(table, "$ 1,358,023")) == ["2018", "Amount"]


def test_a_note_column_with_one_reference_keeps_its_number_apart_from_the_amounts(tmp_path: Path) -> None:
    """A "Note" column that one line of the statement fills ("28") is a column: its header label over it lets
    the gutters around it be crossed, and it holds text in few lines, yet its number is no part of the label or
    of the amount beside it."""
    rows = [["€m", "Note", "2020", "2019"], ["Cash generated from operations", "28", "6,214", "5,887"]]
    rows += [[label, "", f"({k},{k}0{k})", f"({k},{k}1{k})"] for k, label in enumerate(_STATEMENT_LINES, start=1)]
    table = _table(_typeset(tmp_path / "cash.pdf", rows))
    assert table.n_cols == 4, table.grid()
    assert table.grid()[1] == ["Cash generated from operations", "28", "6,214", "5,887"]
    assert table.column_chain(2) == ["2020"]


_STATEMENT_LINES = (
    "Interest paid",
    "Income taxes paid",
    "Net cash from operating activities",
    "Purchase of property, plant and equipment",
    "Purchase of intangible assets",
    "Proceeds from disposal of property, plant and equipment",
    "Acquisition of subsidiaries, net of cash acquired",
    "Net cash used in investing activities",
    "Dividends paid to shareholders of the parent",
    "Repayment of borrowings",
    "Proceeds from borrowings",
    "Payment of lease liabilities",
    "Net cash used in financing activities",
)


def test_a_label_over_the_stub_above_the_header_is_the_stubs_header_not_lost(tmp_path: Path) -> None:
    """ "December 31, 2019" alone at the table's left edge above "Level 1 | Level 2 | Total" is the label a grid
    keeps in its corner cell (the date of every column), as the ruled and CSV readings of the same grid have it; a
    caption set there ("Table 4 Fair values") stays the caption."""
    rows = [
        ["December 31, 2019", "", "", ""],
        ["", "Level 1", "Level 2", "Total"],
        ["Money market funds", "$2,010", "$—", "$2,010"],
        ["U.S. treasury bonds", "116,835", "—", "116,835"],
        ["Corporate bonds", "—", "45,120", "45,120"],
    ]
    table = _table(_typeset(tmp_path / "levels.pdf", rows))
    assert table.column_chain(0) == ["December 31, 2019"], table.grid()
    assert table.column_chain(3) == ["Total"]
    titled = _table(_typeset(tmp_path / "titled.pdf", [["Table 4 Fair values", "", "", ""], *rows[1:]]))
    assert titled.column_chain(0) == [] and titled.caption == "Table 4 Fair values"


def test_the_last_line_of_a_paragraph_right_above_a_table_stays_prose(tmp_path: Path) -> None:
    """A paragraph ending just above the header ("... as of the reporting" / "period end") is no corner label: its
    last line follows the line before it at a paragraph's leading."""
    import pymupdf

    fitz: Any = pymupdf
    rows = [["", "Level 1", "Level 2", "Total"], ["Money market funds", "$2,010", "$—", "$2,010"]]
    rows += [["U.S. treasury bonds", "116,835", "—", "116,835"], ["Corporate bonds", "—", "45,120", "45,120"]]
    path = _typeset(tmp_path / "levels.pdf", rows)
    doc = fitz.open(path)
    page = doc[0]
    for k, text in enumerate(
        ("The fair value of these assets was measured with the inputs below as of the reporting", "period end")
    ):
        page.insert_text((LEFT + PAD, TOP - 2 * PITCH + k * SIZE * 1.2), text, fontname="helv", fontsize=SIZE)
    doc.save(tmp_path / "prose.pdf")
    doc.close()
    table = _table(tmp_path / "prose.pdf")
    assert table.column_chain(0) == [] and table.grid()[0][1:] == ["Level 1", "Level 2", "Total"]


LEASE_COSTS = [
    ["Operating lease cost", "$ 9,412"],
    ["Short-term lease cost", "1,087"],
    ["Variable lease cost", "2,236"],
    ["Total lease cost", "$ 12,735"],
]


def test_a_two_column_table_of_even_labels_is_a_table_not_two_columns_of_prose(tmp_path: Path) -> None:
    """Four labels of about one width beside four amounts: both columns look filled out to their width, as two
    columns of running text do, but a column of amounts is a table's values."""
    table = _table(_typeset(tmp_path / "lease.pdf", [["", "Amount"], *LEASE_COSTS]))
    assert table.grid()[1] == ["Operating lease cost", "$ 9,412"], table.grid()
    assert table.column_chain(1) == ["Amount"]


def test_the_one_value_columns_own_header_wider_than_its_amounts_heads_it(tmp_path: Path) -> None:
    """A period label set flush right over the only amounts column, wider than the amounts and centred left of
    them, is the column's header (the period of every value), not text above the table; it stays so when the unit
    note sits in the stub's corner under it."""
    period = "Year Ended December 31, 2019"
    table = _table(_typeset(tmp_path / "one.pdf", [["", period], *LEASE_COSTS]))
    assert table.column_chain(1) == [period], table.grid()
    under = _table(_typeset(tmp_path / "unit.pdf", [["", period], ["(in thousands)", ""], *LEASE_COSTS]))
    assert under.column_chain(1) == [period], under.grid()
    assert under.unit == "thousand"
    year = _table(_typeset(tmp_path / "year.pdf", [["", "2019"], ["(in thousands)", ""], *LEASE_COSTS]))
    assert year.column_chain(1) == ["2019"], year.grid()


def test_a_period_label_set_past_its_periods_heads_the_periods(tmp_path: Path) -> None:
    """ "Fiscal year" centred over "2018 | Actual" (beside "2019"), "% Change" over "Comp.": the label of the periods
    heads both years, not the change column past them; a label over every year already keeps its place."""
    rows = [
        ["", "", "", "", "% Change"],
        ["(in millions of €)", "2019", "2018", "Actual", "Comp."],
        ["Orders", "19,975", "18,451", "8 %", "7 %"],
        ["Revenue", "17,663", "18,125", "(3) %", "(4) %"],
        ["Service business", "8,025", "7,756", "3 %", "2 %"],
    ]
    table = _table(_typeset(tmp_path / "past.pdf", rows, spans=((0, "Fiscal year", 2, 3),)))
    assert table.column_chain(1) == ["Fiscal year", "2019"], table.column_headers
    assert table.column_chain(2) == ["Fiscal year", "2018"]
    assert "Fiscal year" not in table.column_chain(3)
    over = _table(_typeset(tmp_path / "over.pdf", rows, spans=((0, "Fiscal year", 1, 2),)))
    assert over.column_headers == table.column_headers


def test_a_lone_period_label_centred_over_years_and_their_change_heads_the_years(tmp_path: Path) -> None:
    """ "Years Ended December 31," centred over "2019 | 2018 | Increase (Decrease)" heads the years only, as a grid
    that keeps it in one cell reads it; labels sharing the row ("December | Year-to-Date") each keep their change."""
    rows = [
        ["", "", "", ""],
        ["", "2019", "2018", "Increase (Decrease)"],
        ["Net bookings", "$6,388", "$7,262", "$(874)"],
        ["In-game net bookings", "3,366", "4,203", "(837)"],
        ["Other bookings", "1,022", "1,059", "(37)"],
    ]
    table = _table(_typeset(tmp_path / "lone.pdf", rows, spans=((0, "Years Ended December 31,", 1, 3),)))
    assert table.column_chain(1) == ["Years Ended December 31,", "2019"], table.column_headers
    assert table.column_chain(3) == ["Increase (Decrease)"]
    twice = [
        ["", "", "", "", "", "", ""],
        ["", "2019", "2018", "Change", "2019", "2018", "Change"],
        ["Revenue passenger miles", "18,412", "17,605", "4.6%", "226,713", "218,950", "3.5%"],
        ["Available seat miles", "21,930", "21,288", "3.0%", "271,504", "264,117", "2.8%"],
        ["Cargo ton miles", "241", "256", "(5.9)%", "3,018", "3,144", "(4.0)%"],
    ]
    groups = _table(_typeset(tmp_path / "groups.pdf", twice, spans=((0, "December", 1, 3), (0, "Year-to-Date", 4, 6))))
    assert groups.column_chain(3) == ["December", "Change"], groups.column_headers
    assert groups.column_chain(6) == ["Year-to-Date", "Change"]


def test_a_label_over_some_maturity_buckets_heads_the_whole_run(tmp_path: Path) -> None:
    """ "Payments Due by Period" set over the first three of four maturity buckets heads the fourth too."""
    rows = [
        ["", "", "", "", "", ""],
        ["Contractual Obligations", "Total", "Less than 1 Year", "1-3 Years", "3-5 Years", "After 5 Years"],
        ["Long-term debt", "$10,556.6", "$—", "$2,747.6", "$2,287.0", "$5,522.0"],
        ["Capital lease obligations", "165.4", "20.6", "41.0", "29.4", "74.4"],
        ["Operating lease obligations", "312.6", "52.1", "86.4", "59.7", "114.4"],
    ]
    table = _table(_typeset(tmp_path / "buckets.pdf", rows, spans=((0, "Payments Due by Period", 2, 4),)))
    assert table.column_chain(5) == ["Payments Due by Period", "After 5 Years"], table.column_headers
    assert table.column_chain(2) == ["Payments Due by Period", "Less than 1 Year"]


def test_a_header_set_apart_by_an_empty_row_and_a_double_spaced_table_keep_their_header(tmp_path: Path) -> None:
    """A header line an empty row above the body (space under the header), and a table whose every row is followed
    by an empty one, are read with their header (rows 19 pt apart: wider than the label gap the body's spacing
    allows, within one empty row at its pitch)."""
    body = [
        ["Service cost", "$1,955", "$2,262"],
        ["Interest cost", "1,308", "1,230"],
        ["Expected return on plan assets", "(817)", "(787)"],
        ["Net periodic pension cost", "$2,837", "$1,653"],
    ]
    rights = [260.0, 320.0]
    spaced = _table(
        make_borderless(tmp_path / "spaced.pdf", [["", "2019", "2018"], ["", "", ""], *body], rights, pitch=19)
    )
    assert spaced.column_headers[1:] == [["2019"], ["2018"]], spaced.grid()
    double = [row for line in [["", "2019", "2018"], *body] for row in (line, ["", "", ""])]
    table = _table(make_borderless(tmp_path / "double.pdf", double, rights, pitch=19))
    assert table.column_headers[1:] == [["2019"], ["2018"]], table.grid()
    assert [row[0] for row in table.grid()[table.header_rows :]] == [row[0] for row in body]


def test_currency_signs_set_apart_under_a_centred_block_label_fold_into_their_amounts(tmp_path: Path) -> None:
    """Quarters of two stacked years, "$" set apart from the first and last line's amounts: a year label centred
    over the block lands in one "$" column, which is still the sign of the amounts right of it, no column."""

    def block(first: str) -> list[list[str]]:
        return [
            [""] * 11,
            ["", "", "First", "", "Second", "", "Third", "", "Fourth", "", ""],
            ["", "", "Quarter", "", "Quarter", "", "Quarter", "", "Quarter", "", "Total"],
            ["Revenues", "$", first, "$", "96,037", "$", "88,495", "$", "84,380", "$", "363,800"],
            ["Gross profit", "", "38,091", "", "39,821", "", "36,381", "", "33,471", "", "147,764"],
            ["Gross margin", "", "40.1%", "", "41.5%", "", "41.1%", "", "39.7%", "", "40.6%"],
            ["Net income (loss)", "", "8,511", "", "(854)", "", "(522)", "", "11,263", "", "18,398"],
            ["Earnings per diluted share", "$", "0.23", "$", "(0.02)", "$", "(0.02)", "$", "0.33", "$", "0.52"],
        ]

    spans = ((0, "Fiscal 2019", 1, 10), (8, "Fiscal 2018", 1, 10))
    tables = parse(_typeset(tmp_path / "signs.pdf", block("94,888") + block("98,888"), spans=spans)).tables
    assert [t.n_cols for t in tables] == [6, 6], [t.grid() for t in tables]
    assert [" ".join(v.split()) for v in tables[0].grid()[3][1:]] == [
        "$ 94,888",
        "$ 96,037",
        "$ 88,495",
        "$ 84,380",
        "$ 363,800",
    ]


def test_a_later_blocks_label_set_over_the_values_stays_one_label(tmp_path: Path) -> None:
    """The second block's "As of December 31, 2018", set over the value columns of a table with wide gutters (the
    QA reports bench's typesetter, an empty column between every two), is one label, not cut at a column edge."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import qa_reports

    block = [
        ["", "Amortized", "Unrealized", "Unrealized", "Fair"],
        ["", "Cost", "Gains", "Losses", "Value"],
        ["Foreign government obligations", "$129,499", "$—", "$3,433", "$126,066"],
        ["U.S. government obligations", "99,700", "—", "1,981", "97,719"],
        ["Total", "$229,199", "$—", "$5,414", "$223,785"],
    ]
    grid = [
        ["", "", "As of December 31, 2019", "", ""],
        *block,
        ["", "", "As of December 31, 2018", "", ""],
        *[[row[0], *[v.replace("9", "7") for v in row[1:]]] for row in block],
    ]
    spaced = [[x for c in row for x in (c, "")][:-1] for row in grid]
    ctx = {"table": {"table": spaced}, "paragraphs": []}
    tables = parse(qa_reports.typeset(ctx, tmp_path / "blocks.pdf", borderless=True)).tables
    texts = [" ".join(c.text.split()) for t in tables for c in t.cells]
    assert "As of December 31, 2018" in texts, [t.grid() for t in tables]


def test_columns_set_flush_right_a_narrow_gutter_apart_stay_apart(tmp_path: Path) -> None:
    """The longest row label runs up to its first amount, 5 pt apart (wider than a space, narrower than a cell gap):
    the amounts set flush right in the other lines say where the column ends, so the label and the amount are two
    cells, and the other lines keep their columns."""
    gutter = 5.0
    first = 54.0 + _width("Weighted-average fair value per share") + gutter + _width("$10.77")  # the stub at 54 pt
    second = first + 3 * gutter + _width("$9.34")
    rows = [
        ["", "Low", "High"],
        ["Expected life (in years)", "4.6", "4.7"],
        ["Risk-free interest rate", "2.7%", "2.0%"],
        ["Volatility", "24%", "22%"],
        ["Weighted-average fair value per share", "$10.77", "$9.34"],
    ]
    table = _table(make_borderless(tmp_path / "tight.pdf", rows, [first, second]))
    assert table.column_headers[1:] == [["Low"], ["High"]], table.grid()
    body = table.grid()[table.header_rows :]
    assert body[0] == ["Expected life (in years)", "4.6", "4.7"]
    assert body[3] == ["Weighted-average fair value per share", "$10.77", "$9.34"]


def test_text_columns_and_a_wide_column_label_a_narrow_gutter_apart_stay_apart(tmp_path: Path) -> None:
    """A register of text columns set flush right 5 pt apart keeps its columns (the cells of other lines end where
    they end); a wide column label run up to the stub's header label, 5 pt apart, over amounts with a wide gutter
    before them, is the column's label (the other lines leave that gap empty)."""
    gutter = 5.0
    rows = [
        ["Partner", "Program", "Territory", "Royalty rate"],
        ["Novartis", "VX-210", "Worldwide excluding Japan", "Tiered, 8%-14%"],
        ["Takeda", "VX-210", "Japan", "10%"],
        ["Genentech", "Bispecific antibody platform", "Worldwide", "Mid-single digits"],
        ["Ipsen", "ONC-44", "Europe", "Tiered, 12%-18%"],
    ]
    rights = [54.0 + max(_width(row[0]) for row in rows)]  # the stub at 54 pt, each column as wide as its widest cell
    for c in range(1, 4):
        rights.append(rights[-1] + gutter + max(_width(row[c]) for row in rows))
    register = _table(make_borderless(tmp_path / "register.pdf", rows, rights[1:]))
    assert register.grid()[register.header_rows + 1] == ["Takeda", "VX-210", "Japan", "10%"], register.grid()
    y1 = 54.0 + _width("Exercise price range") + gutter + _width("Number of options outstanding")
    options = [
        ["Exercise price range", "Number of options outstanding", "Life (years)"],
        ["£1.00 - £2.00", "1,245,000", "3.2"],
        ["£2.01 - £3.00", "2,310,500", "5.7"],
        ["£3.01 - £4.00", "986,000", "8.9"],
        ["Total", "4,541,500", "5.6"],
    ]
    table = _table(make_borderless(tmp_path / "options.pdf", options, [y1, y1 + 60.0]))
    assert table.column_headers == [["Exercise price range"], ["Number of options outstanding"], ["Life (years)"]]
    assert table.grid()[table.header_rows + 2] == ["£3.01 - £4.00", "986,000", "8.9"], table.grid()


def test_the_last_label_of_a_header_row_set_over_its_first_date_heads_the_free_dates_after_it(tmp_path: Path) -> None:
    rows = [
        ["", "Year Ended", "Nine Months Ended", ""],
        ["(in millions)", "December 31, 2018", "September 30, 2019", "September 30, 2018"],
        ["Net income", "$187.3", "$162.8", "$135.5"],
        ["Interest expense", "101.2", "71.0", "75.8"],
        ["Income tax expense", "55.0", "47.1", "40.2"],
    ]
    table = _table(_typeset(tmp_path / "nine.pdf", rows))
    assert table.column_chain(_column_of(table, "$135.5")) == ["Nine Months Ended", "September 30, 2018"]
    assert table.column_chain(_column_of(table, "$162.8")) == ["Nine Months Ended", "September 30, 2019"]
    assert table.column_chain(_column_of(table, "$187.3")) == ["Year Ended", "December 31, 2018"]


def test_a_free_period_between_two_labels_of_a_header_row_is_given_to_neither(tmp_path: Path) -> None:
    rows = [
        ["", "Actual", "", "Projected", ""],
        ["", "2007", "2008", "2009", "2010"],
        ["Enrolment", "1,200", "1,250", "1,300", "1,350"],
        ["Graduates", "300", "310", "320", "330"],
        ["Teachers", "90", "92", "95", "97"],
    ]
    table = _table(_typeset(tmp_path / "projected.pdf", rows))
    assert "Actual" not in table.column_chain(_column_of(table, "1,250"))


def test_a_period_label_centred_past_its_years_over_currency_effect_columns_heads_the_years_only(
    tmp_path: Path,
) -> None:
    rows = [
        ["", "", "", "", "", ""],
        ["(in millions)", "2020", "2019", "Percentage Change", "Foreign Currency Impact", "Constant Currency Change"],
        ["Productivity", "$46,398", "$41,160", "13%", "(1)%", "14%"],
        ["Intelligent Cloud", "48,366", "38,985", "24%", "(1)%", "25%"],
        ["Total revenue", "$143,015", "$125,843", "14%", "(1)%", "15%"],
    ]
    table = _table(_typeset(tmp_path / "currency.pdf", rows, ((0, "Year Ended June 30,", 1, 5),)))
    assert table.column_chain(_column_of(table, "$46,398")) == ["Year Ended June 30,", "2020"]
    assert table.column_chain(_column_of(table, "(1)%")) == ["Foreign Currency Impact"]


def test_a_header_over_a_unit_line_and_a_first_section_heading_stays_the_tables_header(tmp_path: Path) -> None:
    body = [
        ["Cash and cash equivalents", "$ 12,450", ""],
        ["Accounts receivable", "18,730", ""],
        ["Property and equipment", "6,880", "3 to 7 years"],
        ["Customer relationships", "54,300", "10 years"],
        ["Developed technology", "38,600", "5 to 7 years"],
        ["Goodwill", "142,675", ""],
        ["Total assets acquired", "273,635", ""],
    ]
    head = [["", "Fair Value", "Estimated Useful Life"]]
    for name, rows in (
        ("both", [*head, ["(in thousands)", "", ""], ["Assets acquired:", "", ""], *body]),
        ("unit", [*head, ["(in thousands)", "", ""], *body]),
        ("section", [*head, ["Assets acquired:", "", ""], *body]),
    ):
        table = _table(_typeset(tmp_path / f"{name}.pdf", rows))
        assert table.column_chain(_column_of(table, "54,300")) == ["Fair Value"], name
        assert table.column_chain(_column_of(table, "10 years")) == ["Estimated Useful Life"], name
        cash = next(c.row for c in table.cells if c.text == "Cash and cash equivalents")
        assert table.row_chain(cash)[-1] == "Cash and cash equivalents", name
        if name != "unit":
            assert "Assets acquired:" in table.row_chain(cash), name


def _report_table(tmp_path: Path, name: str, rows: list[list[str]]) -> Table:
    """``rows`` typeset borderless as the report benchmark sets its pages (a lone header label centred over the like
    columns around its own), read back."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))
    import qa_reports

    return _table(qa_reports.typeset({"table": {"table": rows}, "paragraphs": []}, tmp_path / name, borderless=True))


def test_a_label_centred_over_quarter_end_days_heads_every_one_of_them(tmp_path: Path) -> None:
    """ "Three Months Ended" centred over four quarter-end days with no year ("March 31 | ... | December 31") is as
    nearly centred over the middle two: the days are sibling periods, so it heads all four."""
    rows = [
        ["", "Three Months Ended", "", "", ""],
        ["(in thousands, except per share data)", "March 31", "June 30", "September 30", "December 31"],
        ["2023", "", "", "", ""],
        ["Revenue", "$ 292,410", "$ 305,876", "$ 316,902", "$ 333,424"],
        ["Gross profit", "173,015", "183,220", "191,406", "202,757"],
        ["Net income", "14,102", "18,335", "22,907", "27,944"],
    ]
    table = _report_table(tmp_path, "quarters.pdf", rows)
    for value, day in (("$ 292,410", "March 31"), ("$ 305,876", "June 30"), ("$ 333,424", "December 31")):
        assert table.column_chain(_column_of(table, value)) == ["Three Months Ended", day], table.grid()


def test_a_date_label_centred_over_its_years_beside_a_text_column_heads_the_years_only(tmp_path: Path) -> None:
    """ "December 31," centred over "2019 | 2018" (narrow years set flush right in wide amount columns) is nearer the
    centre of those columns' cells than of the run of sub-labels that takes in "Maturity" beside them."""
    rows = [
        ["", "", "", "December 31,", ""],
        ["(in thousands)", "Interest Rate", "Maturity", "2019", "2018"],
        ["Fixed-rate debt:", "", "", "", ""],
        ["4.25% Senior Notes due 2024", "4.25%", "March 15, 2024", "$ 400,000", "$ 400,000"],
        ["5.875% Senior Notes due 2027 (1)", "5.875%", "October 1, 2027", "350,000", "—"],
        ["Equipment financing obligations", "3.10% - 4.60%", "Various through 2023", "18,642", "24,107"],
        ["Variable-rate debt:", "", "", "", ""],
        ["Term Loan A", "LIBOR + 1.50%", "June 30, 2023", "237,500", "250,000"],
        ["Revolving credit facility ($500 million capacity)", "LIBOR + 1.25%", "June 30, 2023", "45,000", "120,000"],
        ["Total principal amount", "", "", "1,051,142", "794,107"],
        ["Long-term debt, net of current portion", "", "", "$ 1,021,462", "$ 768,952"],
    ]
    table = _report_table(tmp_path, "maturity.pdf", rows)
    assert table.column_chain(_column_of(table, "March 15, 2024")) == ["Maturity"], table.grid()
    assert table.column_chain(_column_of(table, "$ 400,000")) == ["December 31,", "2019"]


def test_a_label_over_a_spanning_sub_label_is_centred_over_that_label(tmp_path: Path) -> None:
    """ "Percentage of Plan" centred over "Assets at December 31," (which spans "2019 | 2018" and is wider than
    both) heads those two columns, not "Target Allocation" beside them too."""
    rows = [
        ["", "", "Percentage of Plan", ""],
        ["", "Target", "Assets at December 31,", ""],
        ["Asset Category", "Allocation", "2019", "2018"],
        ["Equity securities", "45 - 55%", "51%", "48%"],
        ["Debt securities", "35 - 45%", "38%", "41%"],
        ["Real estate", "0 - 10%", "6%", "6%"],
        ["Total", "", "100%", "100%"],
    ]
    table = _report_table(tmp_path, "allocation.pdf", rows)
    assert table.column_chain(_column_of(table, "45 - 55%")) == ["Target", "Allocation"], table.grid()
    assert table.column_chain(_column_of(table, "51%")) == ["Percentage of Plan", "Assets at December 31,", "2019"]


def test_sets_whose_labels_disagree_keep_a_line_stacked_over_its_own_column(tmp_path: Path) -> None:
    """Two dates' sets of "Gross Carrying Amount | Accumulated Amortization | Net Carrying Amount": the first set's
    "Gross" is a line stacked over "Carrying / Amount" in its own column; the second's, with nothing beside it, is
    set over its whole set. The first says the sets' "Gross" are such lines: no "Accumulated Amortization" is
    "Gross"."""
    rows = [
        ["", "", "", "December 31, 2019", "", "", "", "December 31, 2018", ""],
        ["", "Weighted", "Gross", "", "", "", "Gross", "", ""],
        ["", "Average", "Carrying", "Accumulated", "Net Carrying", "", "Carrying", "Accumulated", "Net Carrying"],
        ["(dollars in thousands)", "Useful Life", "Amount", "Amortization", "Amount", "", "Amount", "Amortization",
         "Amount"],
        ["Customer relationships", "12 years", "184,500", "(61,237)", "123,263", "", "171,200", "(46,085)", "125,115"],
        ["Trade names", "15 years", "31,750", "(8,466)", "23,284", "", "31,750", "(6,349)", "25,401"],
        ["Total intangible assets", "", "216,250", "(69,703)", "146,547", "", "202,950", "(52,434)", "150,516"],
    ]  # fmt: skip
    table = _report_table(tmp_path, "intangibles.pdf", rows)
    assert table.column_chain(_column_of(table, "(61,237)")) == [
        "December 31, 2019",
        "Accumulated",
        "Amortization",
    ], table.grid()
    # the second set's "Gross" is put in the column the first set's takes: the dates head their whole sets
    assert table.column_chain(_column_of(table, "184,500")) == ["December 31, 2019", "Gross", "Carrying", "Amount"]
    assert table.column_chain(_column_of(table, "171,200")) == ["December 31, 2018", "Gross", "Carrying", "Amount"]
    assert table.column_chain(_column_of(table, "(46,085)")) == ["December 31, 2018", "Accumulated", "Amortization"]


def test_a_label_as_centred_on_its_middle_column_as_on_its_run_heads_a_group_beside_another(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", "", ""],
        ["", "", "Weighted-", "Weighted-", "", "Weighted-"],
        ["", "Number", "Average Remaining", "Average", "Number", "Average"],
        ["Range of Exercise Prices", "(in thousands)", "Contractual Life (Years)", "Exercise Price", "(in thousands)"]
        + ["Exercise Price"],
        ["$10.00 - $19.99", "412", "1.8", "$16.42", "412", "$16.42"],
        ["$20.00 - $29.99", "1,036", "3.6", "$24.87", "1,021", "$24.81"],
        ["$40.00 - $49.99", "2,247", "7.4", "$45.63", "968", "$44.72"],
        ["Total", "6,597", "6.5", "$39.88", "3,700", "$32.80"],
    ]
    spans = ((0, "Options Outstanding", 1, 3), (0, "Options Exercisable", 4, 5))
    table = _table(_typeset(tmp_path / "options.pdf", rows, spans))
    assert table.n_cols == 6
    assert table.column_chain(_column_of(table, "$45.63"))[0] == "Options Outstanding"
    assert table.column_chain(_column_of(table, "2,247"))[0] == "Options Outstanding"
    assert table.column_chain(_column_of(table, "$44.72"))[0] == "Options Exercisable"


def test_a_lone_label_centred_over_periods_and_other_columns_heads_the_kind_it_names(tmp_path: Path) -> None:
    revpar = [
        ["", "", "", "", "", ""],
        ["Market", "No. of Hotels", "Rooms", "2021", "2020", "% Change"],
        ["New York, NY", "4", "2,486", "$ 118.42", "$ 71.36", "65.9%"],
        ["Orlando, FL", "2", "1,874", "$ 121.60", "$ 66.05", "84.1%"],
        ["Total comparable hotels", "26", "13,940", "$ 105.33", "$ 69.36", "51.9%"],
    ]
    table = _table(_typeset(tmp_path / "revpar.pdf", revpar, ((0, "RevPAR", 1, 5),)))
    assert table.column_chain(_column_of(table, "$ 66.05")) == ["RevPAR", "2020"]
    assert table.column_chain(_column_of(table, "1,874")) == ["Rooms"]
    subscribers = [
        ["(Subscribers in thousands)", "", "", "", ""],
        ["", "2020", "2019", "Amount", "%"],
        ["Postpaid phones", "68,420", "66,715", "1,705", "2.6%"],
        ["Prepaid", "20,912", "21,480", "(568)", "(2.6)%"],
        ["Total wireless subscribers", "110,706", "107,097", "3,609", "3.4%"],
    ]
    table = _table(_typeset(tmp_path / "subscribers.pdf", subscribers, ((0, "Increase (Decrease)", 1, 4),)))
    assert table.column_chain(_column_of(table, "21,480")) == ["2019"]
    assert table.column_chain(_column_of(table, "(568)")) == ["Increase (Decrease)", "Amount"]


def test_enumerated_items_under_a_section_label_are_rows_of_their_own(tmp_path: Path) -> None:
    rows = [
        ["Particulars", "31.03.2021", "31.03.2020"],
        ["1. Income", "", ""],
        ["(a) Revenue from operations", "8,946.72", "7,105.38"],
        ["(b) Other income", "112.48", "134.91"],
        ["Total income", "9,059.20", "7,240.29"],
        ["2. Earnings per share (₹)", "", ""],
        ["(a) Basic", "9.33", "5.18"],
        ["(b) Diluted", "9.31", "5.17"],
    ]
    table = _table(_typeset(tmp_path / "results.pdf", rows))
    revenue = next(c.row for c in table.cells if c.text == "8,946.72")
    diluted = next(c.row for c in table.cells if c.text == "9.31")
    assert table.row_chain(revenue)[-1] == "(a) Revenue from operations"
    assert table.row_chain(diluted)[-1] == "(b) Diluted"
    assert any(c.text == "1. Income" for c in table.cells)


def test_a_two_line_body_set_apart_from_its_header_by_an_empty_row_is_a_table(tmp_path: Path, monkeypatch: Any) -> None:
    # rows set looser than the other tests' (20 points for 8-point text): the empty row leaves a gap of
    # well over two lines' height, which only the body's own pitch says is one empty row
    monkeypatch.setattr(sys.modules[__name__], "PITCH", 20.0)
    rows = [
        ["", "", "", ""],
        ["", "2019", "2018", "2017"],
        ["", "", "", ""],
        ["Apple Inc.", "32%", "36%", "34%"],
        ["Huawei Technologies Co., Ltd.", "13%", "8%", "11%"],
    ]
    table = _table(_typeset(tmp_path / "customers.pdf", rows, ((0, "Fiscal Year", 1, 3),)))
    assert table.n_cols == 4
    assert table.column_chain(_column_of(table, "8%")) == ["Fiscal Year", "2018"]
    assert table.row_chain(next(c.row for c in table.cells if c.text == "8%"))[-1].startswith("Huawei")


def test_one_label_repeated_over_some_sibling_periods_heads_them_all(tmp_path: Path) -> None:
    rows = [
        ["", "", "Fiscal year end", "Fiscal year end"],
        ["", "June 1, 2019", "June 2, 2018", "June 3, 2017"],
        ["Statutory federal income tax (benefit)", "$14,694", "$34,105", "$(39,950)"],
        ["State income tax (benefit)", "2,164", "3,200", "(3,193)"],
        ["Tax exempt interest income", "(197)", "(101)", "(206)"],
    ]
    table = _table(_typeset(tmp_path / "tax.pdf", rows))
    assert table.n_cols == 4
    assert table.column_chain(_column_of(table, "(197)")) == ["Fiscal year end", "June 1, 2019"]
    assert table.column_chain(_column_of(table, "(206)")) == ["Fiscal year end", "June 3, 2017"]


def test_a_change_label_takes_the_column_before_it_that_names_no_period(tmp_path: Path) -> None:
    rows = [
        ["", "", "", "", "% Change"],
        ["(in millions of €)", "2019", "2018", "Actual", "Comp."],
        ["Orders", "19,975", "18,451", "8 %", "7 %"],
        ["Revenue", "17,663", "18,125", "(3) %", "(4) %"],
        ["Adjusted EBITA", "679", "722", "(6)%", ""],
    ]
    table = _table(_typeset(tmp_path / "orders.pdf", rows, ((0, "Fiscal year", 2, 3),)))
    assert table.column_chain(_column_of(table, "19,975")) == ["Fiscal year", "2019"]
    assert table.column_chain(_column_of(table, "(3) %")) == ["% Change", "Actual"]
    assert table.column_chain(_column_of(table, "(4) %")) == ["% Change", "Comp."]


def test_a_change_label_over_its_amount_column_heads_the_percentage_beside_it(tmp_path: Path) -> None:
    """A period label in the last year's cell beside a change label in the amount's cell, each set in its own
    column, and "Percent" with no label over it: the change heads its percentage too, as a grid's label heads the
    empty cells after it."""
    rows = [
        ["", "", "Year Ended December 31,", "Increase (Decrease)", ""],
        ["(in millions)", "2019", "2018", "Amount", "Percent"],
        ["Consumer", "$ 392.1", "$ 356.8", "$ 35.3", "9.9%"],
        ["Licensing", "158.3", "187.9", "(29.6)", "(15.8)%"],
        ["Total", "$ 550.4", "$ 544.7", "$ 5.7", "1.0%"],
    ]
    table = _table(_typeset(tmp_path / "segments.pdf", rows))
    assert table.column_chain(_column_of(table, "(15.8)%")) == ["Increase (Decrease)", "Percent"]
    assert table.column_chain(_column_of(table, "(29.6)")) == ["Increase (Decrease)", "Amount"]
    assert table.column_chain(_column_of(table, "187.9")) == ["Year Ended December 31,", "2018"]


def test_a_note_row_closing_a_ruled_grid_is_the_tables_note(tmp_path: Path) -> None:
    """ "* Less than 10% of net revenue" in the last ruled row's first cell is a note, as a CSV's last such row is:
    no row a question about net revenue could link."""
    rows = [
        ["Customer", "Segment", "2019", "2018"],
        ["Customer A", "Wireless Infrastructure", "19%", "22%"],
        ["Customer B", "Enterprise Networking", "14%", "12%"],
        ["Customer D", "Cloud Services", "*", "10%"],
        ["* Less than 10% of net revenue", "", "", ""],
    ]
    table = _table(_typeset(tmp_path / "customers.pdf", rows, ruled=True))
    assert table.n_rows == 4
    assert "* Less than 10% of net revenue" in table.notes
    assert all("Less than" not in c.text for c in table.cells)


def test_periods_one_per_repeated_set_head_their_sets_though_one_is_centred_across_two(tmp_path: Path) -> None:
    """ "2019" set over the last column of its set and the first of the next ("% | US$ million"), "2018" over the
    last "%", as a page draws an extractor's grid that keeps each period in its set's last cell: the periods, one
    per repeated set of sub-labels, head their own sets in order."""
    rows = [
        ["", "", "", "", "2018"],
        ["", "US$ million", "%", "US$ million", "%"],
        ["Greater China", "1,842.5", "46.1", "1,710.2", "45.3"],
        ["South East Asia", "1,104.7", "27.6", "1,052.9", "27.9"],
        ["Rest of the world", "430.6", "10.8", "412.1", "10.9"],
    ]
    table = _table(_typeset(tmp_path / "markets.pdf", rows, ((0, "2019", 2, 3),)))
    assert table.column_chain(_column_of(table, "1,842.5"))[0] == "2019"
    assert table.column_chain(_column_of(table, "46.1")) == ["2019", "%"]
    assert table.column_chain(_column_of(table, "1,710.2"))[0] == "2018"
    assert table.column_chain(_column_of(table, "45.3")) == ["2018", "%"]


def test_group_labels_one_per_repeated_set_in_the_same_place_head_their_sets(tmp_path: Path) -> None:
    """ "Assets", "Liabilities" and "Net", each in the last cell of its set of "2020 | 2019" (on the page the first
    two centred over the last column of their set and the first of the next): each heads its own set."""
    rows = [
        ["", "", "", "", "", "", "Net"],
        ["In millions of CHF", "2020", "2019", "2020", "2019", "2020", "2019"],
        ["Property, plant and equipment", "12", "10", "(284)", "(271)", "(272)", "(261)"],
        ["Intangible assets", "8", "9", "(173)", "(188)", "(165)", "(179)"],
        ["Inventories", "41", "37", "(6)", "(5)", "35", "32"],
    ]
    spans = ((0, "Assets", 2, 3), (0, "Liabilities", 4, 5))
    table = _table(_typeset(tmp_path / "deferred.pdf", rows, spans))
    assert table.column_chain(_column_of(table, "41")) == ["Assets", "2020"]
    assert table.column_chain(_column_of(table, "(173)")) == ["Liabilities", "2020"]
    assert table.column_chain(_column_of(table, "(165)")) == ["Net", "2020"]
    assert table.column_chain(_column_of(table, "(179)")) == ["Net", "2019"]


def test_a_title_flush_left_in_the_stub_heads_the_stub_not_the_column_beside_it(tmp_path: Path) -> None:
    """A title line set flush left in the labels column, wider than the labels, its centre nearer the middle of
    "Director | Year" than of the labels: it heads the labels column, not the years beside it."""
    rows = [
        ["Single total figure of remuneration (£000)", "", "", "", ""],
        ["Director", "Year", "Salary", "Bonus", "Total"],
        ["Sarah Whitfield (CEO)", "2023", "845", "1,102", "3,432"],
        ["", "2022", "820", "964", "2,906"],
        ["David Okafor (CFO)", "2023", "552", "705", "2,142"],
        ["", "2022", "535", "618", "1,224"],
    ]
    table = _table(_typeset(tmp_path / "remuneration.pdf", rows))
    year = _column_of(table, "Year")
    assert table.column_chain(year) == ["Year"]
    assert table.column_chain(0)[0] == "Single total figure of remuneration (£000)"
