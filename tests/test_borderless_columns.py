"""Borderless tables whose value columns sit close together: the columns come back apart, not merged into one."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pdf_make import make_borderless

from tablerag.model import BBox, Cell, SourceLocator, Table
from tablerag.parsing import parse
from tablerag.parsing.spans import BORDERLESS_PARSER, spread_group_labels

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")  # scripts/setup.sh installs it


def _grid(path: Path) -> list[list[str]]:
    table = parse(path).tables[0]
    out = [[""] * table.n_cols for _ in range(table.n_rows)]
    for c in table.cells:
        out[c.row][c.col] = c.text
    return out


def test_a_lone_nil_dot_in_the_last_column_does_not_merge_the_amount_columns(tmp_path: Path) -> None:
    rows = [
        ["(in million)", "January 31, 2019", "January 31, 2018"],
        ["Goodwill, beginning of the year", "$1,769.4", "$1,710.3"],
        ["Additions arising from acquisitions", "866.9", "·"],
        ["Effect of foreign currency translation", "(36.3)", "59.1"],
        ["Goodwill, end of the year", "$2,450.8", "$1,620.2"],
    ]
    grid = _grid(make_borderless(tmp_path / "goodwill.pdf", rows, [300.0, 370.0]))
    assert grid == rows


def test_amount_columns_stay_apart_under_header_labels_that_cross_their_gutters(tmp_path: Path) -> None:
    rows = [
        ["Days past due", "1-90", "91-180", "181-360", ">360"],
        ["Country risk: Low", "1,347", "125", "127", "313"],
        ["Country risk: Medium", "891", "725", "600", "819"],
        ["Country risk: High", "583", "365", "217", "1,315"],
        ["Total past due", "2,821", "1,215", "944", "2,447"],
    ]
    # the header labels are wider than the amounts: 3 pt apart, a word space, while the amounts stand 10+ pt apart
    grid = _grid(make_borderless(tmp_path / "ageing.pdf", rows, [200.0, 230.0, 260.0, 290.0]))
    assert [row[1:] for row in grid[1:]] == [row[1:] for row in rows[1:]]


def test_a_header_label_wider_than_its_amounts_stays_in_its_own_column(tmp_path: Path) -> None:
    rows = [["$ million", "2019", "2018", "Change (%)"]]
    rows += [[f"Line item {i}", f"{500 + i}.0", f"{470 + i}.5", f"{i}.2"] for i in range(1, 9)]
    # "Change (%)" overhangs its short amounts towards the 2018 column: the column edge goes in the free gap
    grid = _grid(make_borderless(tmp_path / "kpis.pdf", rows, [220.0, 255.0, 305.0]))
    assert grid == rows


def _stacked_header(path: Path) -> Path:
    """A borderless table whose first value column has its label stacked over four centred lines ("total /
    occupied / housing / units") beside a group label centred over the next two columns."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 80), "Selected characteristics of householders in unhealthy housing.", fontsize=8.5)
    centres = [170.0, 215.0, 260.0]

    def put(text: str, centre: float, y: float) -> None:
        page.insert_text((centre - fitz.get_text_length(text, "helv", 8) / 2, y), text, fontname="helv", fontsize=8)

    put("total", centres[0], 120)
    put("Rodent seen in unit", (centres[1] + centres[2]) / 2, 120)
    put("occupied", centres[0], 129)
    put("housing", centres[0], 138)
    page.insert_text((54, 147), "Characteristics", fontname="helv", fontsize=8)
    for text, centre in zip(["units", "no.", "(%)"], centres, strict=True):
        put(text, centre, 147)
    for r, (label, *values) in enumerate(
        [
            ["Male", "60,721", "3,716", "(35.2)"],
            ["Female", "51,084", "3,219", "(38.9)"],
            ["All", "111,805", "6,935", "(36.9)"],
        ]
    ):
        page.insert_text((54, 161 + 13 * r), label, fontname="helv", fontsize=8)
        for text, centre in zip(values, centres, strict=True):
            put(text, centre, 161 + 13 * r)
    doc.save(path)
    doc.close()
    return path


def test_a_label_stacked_over_one_column_is_not_spread_as_a_group_label(tmp_path: Path) -> None:
    table = parse(_stacked_header(tmp_path / "housing.pdf")).tables[0]
    assert "occupied" in " ".join(table.column_headers[1])
    assert not any("occupied" in " ".join(chain) for k, chain in enumerate(table.column_headers) if k != 1)
    assert [chain[0] for chain in table.column_headers[2:]] == ["Rodent seen in unit"] * 2


# ICDAR-2013 us-025 p2, table 2, as the borderless reader leaves its header before spreading: (row, col, span,
# text, x0, x1) in points; "Race" sits a little right of its four groups' centre, where a run of columns cutting
# through two of the groups is centred better.
RACE_HEADER = [
    (0, 6, 2, "Race", 323.6, 340.0),
    (1, 1, 3, "American Indian/Alaska native", 91.0, 197.3),
    (1, 4, 3, "Asian/Pacific Islander", 229.8, 303.1),
    (1, 8, 2, "Black", 379.8, 398.2),
    (1, 11, 2, "White", 504.9, 525.3),
    (2, 0, 1, "Age group", 45.0, 81.4),
    *(
        (2, 1 + k, 1, ["no.", "Rate", "(95% CI)"][k % 3], x0, x1)
        for k, (x0, x1) in enumerate(
            [
                (91.2, 102.8),
                (118.7, 134.2),
                (159.3, 187.9),
                (213.9, 225.4),
                (242.5, 258.0),
                (282.7, 311.3),
                (337.0, 348.6),
                (365.3, 380.8),
                (405.0, 433.6),
                (462.6, 474.1),
                (494.7, 510.2),
                (534.9, 563.5),
            ]
        )
    ),
]


def test_a_top_label_over_several_groups_heads_all_of_them_not_a_run_cutting_through_them() -> None:
    cells = [
        Cell(r, c, text, col_span=n, bbox=BBox(x0, 100 + 10 * r, x1, 108 + 10 * r))
        for r, c, n, text, x0, x1 in RACE_HEADER
    ]
    cells += [Cell(3, c, "Women" if c == 0 else "1.0", bbox=BBox(45.0, 130, 80.0, 138)) for c in range(13)]
    table = Table("t:t0", SourceLocator("made.pdf", "0"), 4, 13, cells, header_rows=3, parser=BORDERLESS_PARSER)
    assert spread_group_labels(table)
    spans = {c.text: (c.col, c.col + c.col_span - 1) for c in table.cells if c.row < 2}
    assert spans == {
        "Race": (1, 12),
        "American Indian/Alaska native": (1, 3),
        "Asian/Pacific Islander": (4, 6),
        "Black": (7, 9),
        "White": (10, 12),
    }


def test_a_scale_note_spanning_under_the_labels_does_not_stop_a_year_heading_its_columns() -> None:
    header = [  # row, col, span, text, x0, x1: "2019" centred over "Amount | % of total"; a scale note under all
        (0, 2, 1, "2019", 276.0, 297.0),
        (1, 1, 1, "Amount", 234.0, 266.0),
        (1, 2, 1, "% of total", 274.0, 348.0),
        (1, 3, 1, "Amount", 360.0, 391.0),
        (2, 2, 2, "(In thousands, except percentages)", 312.0, 454.0),
    ]
    cells = [Cell(r, c, t, col_span=n, bbox=BBox(x0, 100 + 10 * r, x1, 108 + 10 * r)) for r, c, n, t, x0, x1 in header]
    cells += [Cell(3, c, "Services" if c == 0 else "1.0", bbox=BBox(45.0, 130, 80.0, 138)) for c in range(4)]
    table = Table("t:t0", SourceLocator("made.pdf", "0"), 4, 4, cells, header_rows=3, parser=BORDERLESS_PARSER)
    assert spread_group_labels(table)
    year = next(c for c in table.cells if c.text == "2019")
    assert (year.col, year.col + year.col_span - 1) == (1, 2)


def test_an_empty_spacer_row_does_not_split_the_table(tmp_path: Path) -> None:
    rows = [
        ["", "2019", "2018"],
        ["Deferred tax assets:", "", ""],
        ["Inventories", "43", "58"],
        ["Interest", "134", "30"],
        ["Gross deferred tax assets", "177", "88"],
        ["", "", ""],  # a spacer row: one empty line at the table's own pitch (a gap of 2.3 line heights)
        ["Deferred tax liabilities:", "", ""],
        ["Intangible assets", "(57)", "(552)"],
        ["Net deferred tax assets", "$ 120", "$ (464)"],
    ]
    doc = parse(make_borderless(tmp_path / "deferred.pdf", rows, [300.0, 370.0], pitch=18.0))
    assert len(doc.tables) == 1
    grid = _grid(tmp_path / "deferred.pdf")
    assert grid == [row for row in rows if any(row)]
    table = doc.tables[0]
    assert table.row_headers[-1] == ["Deferred tax liabilities:", "Net deferred tax assets"]


Put = Callable[[str, float, float], None]


def _report_page(
    path: Path,
    intro: str,
    rights: list[float],
    header: Callable[[Put, Callable[..., None]], None],
    body: list[list[str]],
    top: float,
) -> Path:
    """A page of 8 pt Helvetica under an intro line: `header` sets the header lines with `right(text, x, y)` (flush
    right at x) and `centre(text, x0, x1, y)`; the body's labels flush left at 54, amounts flush right at `rights`,
    15.2 points apart from `top`."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 80), intro, fontsize=8.5)

    def width(text: str) -> float:
        return float(fitz.get_text_length(text, "helv", 8))

    def right(text: str, x: float, y: float) -> None:
        page.insert_text((x - width(text), y), text, fontname="helv", fontsize=8)

    def centre(text: str, x0: float, x1: float, y: float) -> None:
        page.insert_text(((x0 + x1 - width(text)) / 2, y), text, fontname="helv", fontsize=8)

    header(right, centre)
    for r, (label, *values) in enumerate(body):
        y = top + 15.2 * r
        page.insert_text((54, y), label, fontname="helv", fontsize=8)
        for text, x in zip(values, rights, strict=True):
            right(text, x, y)
    doc.save(path)
    doc.close()
    return path


def _period_groups(path: Path) -> Path:
    """A borderless table whose years are centred over "Amount | % of total revenue" pairs, a scale note centred
    under the column labels, and amounts right-aligned under them (a segment table of an annual report)."""
    rights = [266.0, 348.0, 391.0, 474.0]

    def header(right: Put, centre: Callable[..., None]) -> None:
        centre("2019", 226.0, 352.0, 120)
        centre("2018", 352.0, 478.0, 120)
        for text, x in zip(["Amount", "% of total revenue", "Amount", "% of total revenue"], rights, strict=True):
            right(text, x, 135.2)
        centre("(In thousands, except percentages)", 226.0, 478.0, 150.4)

    body = [
        ["License and subscription", "$ 64,798", "9%", "$ 35,452", "5%"],
        ["Maintenance", "16,499", "2", "14,783", "2"],
        ["Services", "243,053", "34", "246,548", "38"],
        ["Total cost of revenue", "$ 324,350", "45%", "296,783", "45%"],
    ]
    intro = "Cost of revenue by type for the fiscal years ended July 31."
    return _report_page(path, intro, rights, header, body, 165.6)


def test_years_centred_over_column_pairs_head_both_and_no_edge_cuts_a_label(tmp_path: Path) -> None:
    table = parse(_period_groups(tmp_path / "segments.pdf")).tables[0]
    chains = [[level for level in chain if "thousands" not in level] for chain in table.column_headers]
    assert chains == [
        [],
        ["2019", "Amount"],
        ["2019", "% of total revenue"],
        ["2018", "Amount"],
        ["2018", "% of total revenue"],
    ]


def test_an_underscore_nil_mark_a_cell_gap_off_its_label_is_a_cell_not_a_leader(tmp_path: Path) -> None:
    """ "__" in a value column, far from the label before it: a nil mark in its own cell; were it a dot leader
    joined to the label, the label's chunk would cross the first value column and merge it into the labels."""
    rows = [
        ["", "2019", "2018", "2017"],
        ["Unrecognized tax benefit - beginning balance", "$8,217", "$7,527", "$6,447"],
        ["Decreases for tax positions taken in prior years", "__", "(242)", "16"],
        ["Increases for tax positions taken in current year", "623", "932", "1,064"],
        ["Unrecognized tax benefit - ending balance", "$8,840", "$8,217", "$7,527"],
    ]
    grid = _grid(make_borderless(tmp_path / "ut.pdf", rows, [260.0, 300.0, 340.0]))
    assert [row[0] for row in grid[1:]] == [row[0] for row in rows[1:]]
    assert grid[2][1:] == ["__", "(242)", "16"]


def test_a_section_label_under_the_line_of_years_opens_a_section(tmp_path: Path) -> None:
    """The comma of "Year Ended June 30," leads to the years beside it; "Effective Portion" below it is the first
    section of the body, not the rest of that label."""
    rows = [
        ["Year Ended June 30,", "2019", "2018", "2017"],
        ["Effective Portion", "", "", ""],
        ["Gains recognized in other comprehensive income", "$159", "$219", "$328"],
        ["Gains reclassified into revenue", "341", "185", "555"],
        ["Ineffective Portion", "", "", ""],
        ["Losses recognized in other income", "(64)", "(255)", "(389)"],
    ]
    table = parse(make_borderless(tmp_path / "hedges.pdf", rows, [280.0, 320.0, 360.0])).tables[0]
    grid = table.filled_grid()
    labels = [" ".join(row[0].split()) for row in grid]
    assert "Effective Portion" in labels and "Year Ended June 30," in labels
    gains = labels.index("Gains reclassified into revenue")
    assert table.row_chain(gains)[0] == "Effective Portion"


def test_a_closing_line_of_unlabelled_sums_stays_in_the_table(tmp_path: Path) -> None:
    rows = [
        ["", "Fair value", "Useful life"],
        ["Current assets", "$37,390", "N/A"],
        ["Customer relationships", "15,300", "8"],
        ["Order backlog", "1,400", "1"],
        ["Goodwill", "93,776", "Indefinite"],
        ["", "$147,866", ""],
    ]
    grid = _grid(make_borderless(tmp_path / "ppa.pdf", rows, [260.0, 320.0]))
    assert grid[-1][1] == "$147,866" and len(grid) == len(rows)


def test_a_year_centred_over_an_amount_and_a_share_column_does_not_merge_them(tmp_path: Path) -> None:
    """ "2019" centred over "$ | %" covers most of the gutter between the two columns; a year is a label, not an
    amount, so the amounts still stand apart from the shares."""
    import pymupdf

    fitz: Any = pymupdf
    size = 9.3
    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((54, 40), "Revenue by type for the years presented.", fontsize=8.5)
    rights = [134.7, 164.8, 195.6, 225.7]
    body = [["Products", "4,000", "80", "3,500", "78"], ["Services", "1,000", "20", "1,000", "22"]]
    body.append(["Total", "5,000", "100", "4,500", "100"])

    def put(text: str, x: float, y: float) -> None:
        page.insert_text((x, y), text, fontname="helv", fontsize=size)

    for year, centre in (("2019", 138.3), ("2018", 199.2)):
        put(year, centre - fitz.get_text_length(year, "helv", size) / 2, 88)
    for right, mark in zip(rights, ["$", "%", "$", "%"], strict=True):
        put(mark, right - fitz.get_text_length(mark, "helv", size), 103)
    page.draw_line((54, 107), (227, 107), width=0.5)  # the rule under the header
    for r, row in enumerate(body):
        put(row[0], 54, 118 + 15.2 * r)
        for right, text in zip(rights, row[1:], strict=True):
            put(text, right - fitz.get_text_length(text, "helv", size), 118 + 15.2 * r)
    doc.save(tmp_path / "shares.pdf")
    doc.close()
    grid = _grid(tmp_path / "shares.pdf")
    assert [row[1:] for row in grid[-3:]] == [row[1:] for row in body]


def test_an_edge_in_a_number_gutter_falls_between_the_sub_labels_above_it(tmp_path: Path) -> None:
    """Right-aligned sub-labels wider than their amounts ("Accumulated Amortization") run into the gutter before
    their column, under a date centred over two columns: the column edge goes between the sub-labels, not through
    the middle of one (which read "Gross Carrying Amount Accumulated Amortization" as one label)."""
    import pymupdf

    fitz: Any = pymupdf
    size = 8.0
    doc = fitz.open()
    page = doc.new_page()
    rights = [234.0, 340.0, 435.0, 541.0]

    def put(text: str, x: float, y: float) -> None:
        page.insert_text((x, y), text, fontname="helv", fontsize=size)

    def right(text: str, at: float, y: float) -> None:
        put(text, at - fitz.get_text_length(text, "helv", size), y)

    for date, centre in (("December 31, 2019", 244.0), ("December 31, 2018", 445.0)):
        put(date, centre - fitz.get_text_length(date, "helv", size) / 2, 88)
    for at, label in zip(rights, ["Gross Carrying Amount", "Accumulated Amortization"] * 2, strict=True):
        right(label, at, 102)
    body = [
        ["Customer relationships", "$ 5,000", "$ (1,200)", "$ 4,800", "$ (900)"],
        ["Trade names", "800", "(300)", "800", "(250)"],
        ["Total", "$ 5,800", "$ (1,500)", "$ 5,600", "$ (1,150)"],
    ]
    page.draw_line((54, 106), (542, 106), width=0.5)
    for r, row in enumerate(body):
        put(row[0], 54, 117 + 14.4 * r)
        for at, text in zip(rights, row[1:], strict=True):
            right(text, at, 117 + 14.4 * r)
    doc.save(tmp_path / "intangibles.pdf")
    doc.close()
    table = parse(tmp_path / "intangibles.pdf").tables[0]
    chains = [" / ".join(table.column_chain(c)) for c in range(1, table.n_cols)]
    assert chains == [
        "December 31, 2019 / Gross Carrying Amount",
        "December 31, 2019 / Accumulated Amortization",
        "December 31, 2018 / Gross Carrying Amount",
        "December 31, 2018 / Accumulated Amortization",
    ]


def test_a_unit_note_under_the_column_labels_is_never_cut_into_words(tmp_path: Path) -> None:
    """ "(Dollars in millions)" centred under "Operating Leases | Finance Leases" reaches across the gutter: it is
    one label, not "(Dollars in" over one column and "millions)" over the next. Words at the places a report set
    them (a row every 15.2 points)."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    header = [
        (148.1, 105.7, "Operating"),
        (190.6, 105.7, "Leases"),
        (226.1, 105.7, "Finance"),
        (259.8, 105.7, "Leases"),
    ]
    header += [(179.1, 120.9, "(Dollars"), (212.6, 120.9, "in"), (222.4, 120.9, "millions)")]
    body = [["2020", "$460", "47"], ["2021", "361", "28"], ["2022", "308", "22"], ["2023", "265", "22"]]
    body += [["2024", "194", "21"], ["Thereafter", "686", "170"], ["Total lease payments", "2,274", "310"]]
    for x, y, text in header:
        page.insert_text((x, y), text, fontname="helv", fontsize=8.5)
    page.draw_line((54, 124.5), (290, 124.5), width=0.5)
    for r, row in enumerate(body):
        y = 136.1 + 15.2 * r
        page.insert_text((54, y), row[0], fontname="helv", fontsize=8.5)
        for right, text in ((218.0, row[1]), (287.4, row[2])):
            page.insert_text((right - fitz.get_text_length(text, "helv", 8.5), y), text, fontname="helv", fontsize=8.5)
    doc.save(tmp_path / "leases.pdf")
    doc.close()
    table = parse(tmp_path / "leases.pdf").tables[0]
    chains = [" ".join(table.column_chain(c)) for c in range(table.n_cols)]
    assert not any("(Dollars in" in w and "millions)" not in w for w in chains)
    assert [table.column_chain(c)[0] for c in (1, 2)] == ["Operating Leases", "Finance Leases"]
    assert [row[1:] for row in table.filled_grid()[-len(body) :]] == [row[1:] for row in body]


def test_a_header_label_centred_over_two_columns_keeps_its_words_together(tmp_path: Path) -> None:
    """ "Fiscal year" centred over "2018 | Actual": a column edge falls in the plain space between its words, yet
    it is one label over both columns, not "Fiscal" over one and "year" over the other. Words at the places a
    report set them."""
    import pymupdf

    fitz: Any = pymupdf
    doc = fitz.open()
    page = doc.new_page()
    page.insert_font(fontname="dejavu", fontfile=str(DEJAVU))  # the widths the report was set in
    lines = [
        (409.0, [(207.1, "Fiscal"), (232.1, "year"), (267.1, "%"), (277.3, "Change")]),
        (424.2, [(54.0, "(in"), (66.9, "millions"), (100.2, "of"), (110.5, "€)"), (169.6, "2019"), (205.6, "2018")]),
        (424.2, [(233.9, "Actual"), (282.0, "Comp.")]),
        (439.4, [(54.0, "Orders"), (161.9, "19,975"), (197.9, "18,451"), (243.9, "8"), (251.5, "%"), (292.7, "7")]),
        (439.4, [(300.3, "%")]),
        (454.6, [(54.0, "Revenue"), (161.9, "17,663"), (197.9, "18,125"), (237.6, "(3)"), (251.5, "%")]),
        (454.6, [(286.4, "(4)"), (300.3, "%")]),
        (469.8, [(54.0, "therein:"), (88.0, "service"), (118.0, "business"), (161.9, "8,025"), (197.9, "7,756")]),
        (469.8, [(246.4, "3%"), (295.2, "2%")]),
        (485.0, [(54.0, "Adjusted"), (89.0, "EBITA"), (174.6, "679"), (210.6, "722"), (240.0, "(6)%")]),
    ]
    for y, words in lines:
        for x, text in words:
            page.insert_text((x, y), text, fontname="dejavu", fontsize=8)
    page.draw_line((54, 428.5), (308, 428.5), width=0.5)
    doc.save(tmp_path / "orders.pdf")
    doc.close()
    table = parse(tmp_path / "orders.pdf").tables[0]
    chains = [table.column_chain(c) for c in range(table.n_cols)]
    assert not any("Fiscal" in level.split() and "year" not in level.split() for chain in chains for level in chain)
    assert any("Fiscal year" in chain for chain in chains)


def test_a_column_filled_on_few_lines_under_its_own_label_stays_a_column(tmp_path: Path) -> None:
    rows = [["Route", "Via", "Frequency", "Peak only", "Former route"]]
    rows += [[f"Route {i}", f"Station {i}", "30", "X" if i in (4, 9) else "", f"Line {i}"] for i in range(1, 17)]
    # "Peak only" holds a mark on 2 of 16 lines, set flush right under its label: merged into "Frequency", the
    # marks would join the amounts ("30 X") and the labels would run together
    grid = _grid(make_borderless(tmp_path / "routes.pdf", rows, [200.0, 260.0, 310.0, 400.0]))
    assert grid == rows


def _change_beside_periods(path: Path) -> Path:
    """Two period labels, the first over its one column, the second centred over its column and two change columns
    after it (how a typesetter centres a label over the empty cells beside it)."""
    rights = [250.0, 310.0, 370.0, 480.0]

    def header(right: Put, centre: Callable[..., None]) -> None:
        right("F19", rights[0], 120)
        centre("F18", rights[0] + 4, rights[3], 120)
        for text, x in zip(["53 WEEKS", "52 WEEKS", "CHANGE", "CHANGE NORMALISED"], rights, strict=True):
            right(text, x, 135.2)

    sales, ebitda = ["Sales", "1,671", "1,612", "3.7%", "1.8%"], ["EBITDA", "372", "361", "3.5%", "2.5%"]
    intro = "Group performance for the financial year (in $ million)."
    return _report_page(path, intro, rights, header, [sales, ebitda, ["D&A", "(111)", "(102)", "9.9%", "9.9%"]], 150.4)


def test_a_period_label_centred_past_its_column_over_change_columns_heads_its_column_only(tmp_path: Path) -> None:
    table = parse(_change_beside_periods(tmp_path / "performance.pdf")).tables[0]
    assert table.column_headers[1:] == [
        ["F19", "53 WEEKS"],
        ["F18", "52 WEEKS"],
        ["CHANGE"],
        ["CHANGE NORMALISED"],
    ]


def test_a_section_label_running_past_the_labels_column_stays_one_label(tmp_path: Path) -> None:
    rows = [
        ["", "2019", "2018"],
        ["Amounts falling due within one year:", "", ""],
        ["Amounts owed by subsidiaries", "242,976", "220,871"],
        ["Other debtors", "32", "199"],
        ["Amounts falling due after more than one year:", "", ""],
        ["Derivatives", "3,439", "2,449"],
        ["Deferred tax", "14", "31"],
    ]
    # the second section label is the widest text of the labels column and runs past the column's edge, into the
    # gutter before the amounts: its last word is no value of the 2019 column
    path = make_borderless(tmp_path / "debtors.pdf", rows, [260.0, 310.0])
    assert _grid(path) == rows
    assert parse(path).tables[0].row_chain(5) == ["Amounts falling due after more than one year:", "Derivatives"]
