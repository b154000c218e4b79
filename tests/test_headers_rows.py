"""Row header chains: stub labels, section rows (nested, indented), vertical stub merges; HiTab gold accuracy."""

from __future__ import annotations

from pathlib import Path

from helpers import grid_table

from tablerag.decomposition.records import Tags, table_records
from tablerag.eval.headers import gold_table, hitab_header_accuracy
from tablerag.model import Cell, SourceLocator, Table
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.headers import apply_headers, header_blocks, row_header_chains, section_rows, stub_span
from tablerag.parsing.spreadsheet import read_xlsx

SHA = "ab" * 32


def _hitab(shared_data: Path, n: int) -> Path:
    return shared_data / "hitab-statcan-xlsx" / "xlsx" / f"{n}.xlsx"


def _original(shared_data: Path, n: int):
    return next(t for t in read_xlsx(_hitab(shared_data, n), SHA).tables if t.source.sheet == "original")


def _chains_by_sheet_row(table) -> dict[int, list[str]]:
    return dict(zip(table.sheet_rows, table.row_headers, strict=True))


def test_a_section_closes_after_the_row_that_totals_it():
    t = grid_table(
        [
            ["", "2021", "2020"],
            ["Services:", "", ""],
            ["Software maintenance", "4,600", "4,210"],
            ["Professional services", "980", "905"],
            ["Total services", "5,580", "5,115"],
            ["Total revenue", "10,640", "9,470"],
            ["Current:", "", ""],
            ["Trade receivables", "300", "280"],
            ["Total", "300", "280"],
            ["Deferred tax", "12", "9"],
        ]
    )
    apply_headers(t, 1)
    assert t.row_headers[4] == ["Services:", "Total services"]
    assert t.row_headers[5] == ["Total revenue"]  # the grand total is no service
    assert t.row_headers[8] == ["Current:", "Total"]
    assert t.row_headers[9] == ["Deferred tax"]


def test_a_section_total_in_another_language_closes_its_section():
    t = grid_table(
        [
            ["", "2021", "2020"],
            ["Доходы:", "", ""],
            ["Выручка", "4 600", "4 210"],
            ["Прочие доходы", "980", "905"],
            ["Итого доходов", "5 580", "5 115"],
            ["Чистая прибыль", "1 064", "947"],
        ]
    )
    assert t.row_headers[4] == ["Доходы:", "Итого доходов"]
    assert t.row_headers[5] == ["Чистая прибыль"]  # after the section's total: no income item


def test_a_total_after_a_sections_unlabelled_sum_sums_more_than_that_section():
    grid = [
        ["", "2021", "2020"],
        ["Domestic current tax:", "", ""],
        ["Current year", "40", "35"],
        ["Prior years", "(4)", "(2)"],
        ["", "36", "33"],
        ["Foreign current tax:", "", ""],
        ["Current year", "210", "190"],
        ["Prior years", "(10)", "(6)"],
        ["", "200", "184"],
        ["Total current tax", "236", "217"],
        ["Deferred tax", "15", "(8)"],
    ]
    cells = [cell_from_text(r, c, text) for r, row in enumerate(grid) for c, text in enumerate(row) if text]
    t = apply_headers(Table("abababababababab:t0", SourceLocator("t.pdf", SHA, page=1), len(grid), 3, cells), 1)
    assert t.row_headers[8] == ["Foreign current tax:", "Total"]  # the unlabelled sum, named for its section
    assert t.row_headers[9] == ["Total current tax"]  # both sections' total: no foreign tax
    assert t.row_headers[10] == ["Deferred tax"]


def test_section_rows_open_a_level_until_the_next_section():
    t = grid_table(
        [
            ["", "2019", "2018"],
            ["Sex", "", ""],
            ["Female", "28.0", "27.1"],
            ["Male", "72.0", "72.9"],
            ["Marital status", "", ""],
            ["Single", "24.8", "20.0"],
        ]
    )
    assert t.header_rows == 1
    assert t.row_headers == [
        [],
        ["Sex"],
        ["Sex", "Female"],
        ["Sex", "Male"],
        ["Marital status"],
        ["Marital status", "Single"],
    ]
    assert section_rows(t) == [1, 4]


def test_run_of_sections_nests_without_indentation():
    t = grid_table(
        [
            ["", "2004", "2015"],
            ["Aged 2 to 8", "", ""],
            ["Total", "1", "2"],
            ["Aged 19 and older", "", ""],
            ["Both sexes", "", ""],
            ["Total", "3", "4"],
            ["Males", "", ""],
            ["Total", "5", "6"],
        ]
    )
    assert t.row_headers[2] == ["Aged 2 to 8", "Total"]
    assert t.row_headers[5] == ["Aged 19 and older", "Both sexes", "Total"]
    assert t.row_headers[7] == ["Aged 19 and older", "Males", "Total"]


def test_indentation_decides_levels_when_known():
    t = grid_table(
        [
            ["", "2007"],
            ["Including juice", ""],
            ["Average", "1.2"],
            ["Sex", ""],
            ["Male", "1.3"],
            ["Excluding juice", ""],
            ["Average", "0.9"],
        ]
    )
    indents = [0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 1.0]
    chains = row_header_chains(t, indents)
    assert chains[4] == ["Including juice", "Sex", "Male"] and chains[6] == ["Excluding juice", "Average"]


def test_trailing_lone_label_is_not_a_section():
    t = grid_table([["Item", "Value"], ["a", "1"], ["b", "2"], ["Source: survey", ""]])
    assert section_rows(t) == [] and t.row_headers[3] == ["Source: survey"]


def test_text_only_table_has_no_sections():
    t = grid_table([["Term", "Meaning"], ["alpha", "first"], ["beta", ""], ["gamma", "third"]])
    assert section_rows(t) == [] and t.row_headers[2] == ["beta"]


def test_two_stub_columns_and_a_vertical_merge():
    t = grid_table([["Age", "Sex", "2004"], ["9 to 13", "Male", "30.4"], ["", "Female", "30.2"]])
    t.cells = [c for c in t.cells if (c.row, c.col) != (1, 0)] + [Cell(1, 0, "9 to 13", row_span=2)]
    apply_headers(t, 1)
    assert stub_span(t) == (0, 2)
    assert t.row_headers[1:] == [["9 to 13", "Male"], ["9 to 13", "Female"]]


def test_leading_rank_column_is_skipped():
    t = grid_table([["Rank", "Food", "%"], ["1", "Fruit", "16.6"], ["2", "Milk", "16.4"]])
    assert stub_span(t) == (1, 2) and t.row_headers[1] == ["Fruit"]


def test_hitab_row_chains_from_sections_and_indentation(shared_data: Path):
    first = _original(shared_data, 1)
    chains = _chains_by_sheet_row(first)
    assert chains[5] == [] and chains[6] == ["Sex"] and chains[7] == ["Sex", "Female"]
    assert chains[13] == ["Marital Status", "Separated, divorced, or widowed"]
    nested = _chains_by_sheet_row(_original(shared_data, 13))
    assert nested[14] == ["Aged 19 years and older", "Both sexes", "2004"]
    assert nested[17] == ["Aged 19 years and older", "Males", "2004"]
    projected = _chains_by_sheet_row(_original(shared_data, 4))
    assert projected[8] == [
        "Total household direct and indirect emissions",
        "Total household direct emissions",
        "Motor fuel and lubricant use",
    ]
    two_stub = _chains_by_sheet_row(_original(shared_data, 22))
    assert two_stub[10] == ["9 to 13", "Female"]


def test_fact_reads_row_chain_then_column_chain(shared_data: Path):
    table = _original(shared_data, 1)
    facts = [r.text for r in table_records(table, Tags()) if r.kind == "fact"]
    want = "Sex / Female | Agricultural region 1 / English-language workers / percent | 28.0"
    assert any(want in f for f in facts)
    assert not any("| Female" in f for f in facts)  # the stub label itself is no fact


def test_gold_is_derived_from_the_sheet(shared_data: Path):
    gold = gold_table(_hitab(shared_data, 1))
    assert gold.header_rows == (3, 5) and gold.columns[3] == [
        "Agricultural region 1",
        "English-language workers",
        "percent",
    ]
    assert gold.rows[7] == ["Sex", "Female"] and 6 in gold.rows


def test_hitab_header_chain_accuracy(shared_data: Path):
    got = hitab_header_accuracy(shared_data / "hitab-statcan-xlsx" / "xlsx")
    assert got["workbooks"] >= 30
    assert got["columns"]["share"] >= 0.98 and got["columns"]["total"] > 200
    assert got["rows"]["share"] >= 0.95 and got["rows"]["total"] > 400


def test_a_lone_label_right_under_the_header_is_a_section_where_a_later_one_is_merged():
    """A structure model merged the later section ("Projected") across the table but not the first ("Actual"): a
    label opening the body still heads the rows below it; a lone label further down, beside merged sections,
    stays a row without values."""
    cells = [Cell(0, 0, "Year"), Cell(0, 1, "Total"), Cell(0, 2, "Public"), Cell(1, 0, "Actual")]
    cells += [Cell(2, 0, "2009"), Cell(2, 1, "15.0"), Cell(2, 2, "15.4")]
    cells += [Cell(3, 0, "2010"), Cell(3, 1, "15.0"), Cell(3, 2, "15.2")]
    cells += [Cell(4, 0, "Projected", col_span=3), Cell(5, 0, "2011"), Cell(5, 1, "14.9"), Cell(5, 2, "15.2")]
    cells += [Cell(6, 0, "Not reported"), Cell(7, 0, "2012"), Cell(7, 1, "14.8"), Cell(7, 2, "15.2")]
    table = apply_headers(Table("abababababababab:t0", SourceLocator("t.pdf", SHA, page=1), 8, 3, cells))
    assert table.row_headers[3] == ["Actual", "2010"]
    assert table.row_headers[5] == ["Projected", "2011"]
    assert table.row_headers[7] == ["Projected", "2012"]  # "Not reported" is a row of its own, no section
    assert section_rows(table) == [1, 4]


def test_a_nil_amount_with_its_currency_sign_is_no_stub_label():
    t = grid_table(
        [
            ["", "2019", "2018"],
            ["Cash", "$ —", "$900"],
            ["Receivables", "500", "400"],
            ["Other", "200", "150"],
            ["", "$ —", "$1,450"],
        ]
    )
    assert stub_span(t) == (0, 1)  # "$ —" in the first value column does not make it a second stub column
    chains = row_header_chains(t)
    assert chains[1] == ["Cash"] and chains[2] == ["Receivables"]
    assert chains[4] == []


def test_blank_rows_neither_end_a_header_nor_a_stacked_header_block():
    """A grid with blank spacer rows (a sheet's, a reader's): the header reaches the years across the blank row,
    and a header block stacked in the body ("Fiscal 2018" over its quarters) is found across one too."""
    t = grid_table(
        [
            ["", "Fiscal 2019", ""],
            ["", "", ""],
            ["", "First", "Second"],
            ["Revenue", "94", "96"],
            ["", "", ""],
            ["", "Fiscal 2018", ""],
            ["", "", ""],
            ["", "First", "Second"],
            ["Revenue", "90", "91"],
        ]
    )
    assert t.header_rows == 3
    assert t.column_headers[2] == ["Fiscal 2019", "Second"]
    (block,) = header_blocks(t)
    assert (block.start, block.header_rows) == (5, 3)


def test_a_section_under_a_period_section_nests_under_the_period():
    # "2019" opens the outermost section; "Effect of dilutive securities:" under it is a section of that year, and
    # "2018" then replaces the year (not the inner section)
    t = grid_table(
        [
            ["", "Income", "Shares", "Per-Share Amount"],
            ["2019", "", "", ""],
            ["Basic EPS", "$ 184,620", "61,204", "$ 3.02"],
            ["Effect of dilutive securities:", "", "", ""],
            ["Stock options", "—", "2,118", ""],
            ["Diluted EPS", "$ 185,834", "66,728", "$ 2.78"],
            ["2018", "", "", ""],
            ["Basic EPS", "$ 142,377", "60,115", "$ 2.37"],
            ["Effect of dilutive securities:", "", "", ""],
            ["Stock options", "—", "2,407", ""],
        ]
    )
    assert t.row_headers[2] == ["2019", "Basic EPS"]
    assert t.row_headers[4] == ["2019", "Effect of dilutive securities:", "Stock options"]
    assert t.row_headers[7] == ["2018", "Basic EPS"]
    assert t.row_headers[9] == ["2018", "Effect of dilutive securities:", "Stock options"]
    # sections of other kinds keep replacing each other ("Sex" then "Marital status" above) as before
    t = grid_table([["", "2019"], ["Assets", ""], ["Cash", "1"], ["Liabilities", ""], ["Debt", "2"]])
    assert t.row_headers[4] == ["Liabilities", "Debt"]


LEASE_BLOCKS = [
    ["", "2021", "2020"],
    ["Operating leases", "", ""],
    ["Right-of-use assets", "842", "776"],
    ["Total lease liabilities", "899", "829"],
    ["Weighted-average discount rate", "4.1%", "4.3%"],
    ["Finance leases", "", ""],
    ["Right-of-use assets", "96", "88"],
    ["Total lease liabilities", "90", "83"],
    ["Weighted-average discount rate", "3.6%", "3.8%"],
]


def test_sibling_sections_repeating_their_rows_keep_the_rows_after_their_totals():
    t = grid_table([list(row) for row in LEASE_BLOCKS])
    apply_headers(t, 1)
    assert t.row_headers[4] == ["Operating leases", "Weighted-average discount rate"]
    assert t.row_headers[8] == ["Finance leases", "Weighted-average discount rate"]


def test_a_section_whose_rows_no_sibling_repeats_still_closes_at_its_total():
    rows = [list(row) for row in LEASE_BLOCKS]
    rows[6][0] = "Finance lease assets"  # the second block no longer repeats the first
    t = grid_table(rows)
    apply_headers(t, 1)
    assert t.row_headers[4] == ["Weighted-average discount rate"]
