"""Reading what a label says and what it does not: a row found by a text cell and answered by its name ("which
subsidiary is incorporated in Brazil"), a party column ("who lends the term loan"), a column named by the row's
own kind word, period and date words that name a column and no row, counts in words ("top five"), a column named
by the noun a modifier goes with ("average yield"), quarters as rows, the section a kind heads, a place in a ranking
("second-largest"), a table of shares of revenue, and a header label cut over two rows. Tables are CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

ENTITIES = [
    ["", "Place of", "Interest held", ""],
    ["Entity", "incorporation", "2024", "2023"],
    ["Parent", "", "", ""],
    ["Osprey Holdings plc", "United Kingdom", "", ""],
    ["Subsidiaries", "", "", ""],
    ["Osprey Foods Ltd", "United Kingdom", "100%", "100%"],
    ["Osprey Alimentos Ltda", "Brazil", "75%", "60%"],
    ["Osprey Foods GmbH", "Germany", "100%", "100%"],
]
BOARD = [
    ["Name", "Role", "Citizenship", "Appointed"],
    ["H. Varga", "Chair", "Hungarian", "2012"],
    ["L. Moreau", "Chief Financial Officer", "French", "2019"],
    ["S. Kaur", "Chief Executive Officer", "Canadian", "2016"],
]
FACILITIES = [
    ["Facility", "Lender", "Commitment", "Drawn", "Maturity"],
    ["Term loan A", "First Harbour Bank", "$300m", "$300m", "2028"],
    ["Revolving credit facility", "Northgate Bank", "$150m", "$40m", "2027"],
    ["Hedging lines", "Various", "$25m", "—", "2026"],
]
HEDGES = [
    ["Exposure", "Instrument", "Volume", "Fair value"],
    ["Jet fuel", "Swaps", "120 kt", "(3.2)"],
    ["Natural gas", "Collars", "8 TWh", "1.4"],
]


def test_a_row_found_by_a_text_cell_answers_with_its_name(tmp_path):
    table = table_from_rows(ENTITIES, tmp_path, "entities")
    # "Place of" over "incorporation": a label that cannot end on "of" goes on below, both rows are the header
    assert table.header_rows == 2
    answers_each(
        table,
        ("Which subsidiary is incorporated in Brazil?", "Osprey Alimentos Ltda"),
        ("What interest did the group hold in Osprey Alimentos Ltda in 2023?", "60%"),
    )
    answers_each(
        table_from_rows(BOARD, tmp_path, "board"),
        ("Which director is French?", "L. Moreau"),
        # the kind asked names the column: its cell, not the person
        ("What citizenship does the chief financial officer hold?", "French"),
    )


def test_who_lends_and_a_column_named_by_the_row_s_kind(tmp_path):
    table = table_from_rows(FACILITIES, tmp_path, "facilities")
    answers_each(
        table,
        ("Who provides the term loan A?", "First Harbour Bank"),
        # "facility", a word of the row's own label, names the Facility column only as the row's kind: the
        # Commitment column is the one asked
        ("What is the commitment on the Northgate Bank facility?", "$150m"),
    )
    answers_each(table_from_rows(HEDGES, tmp_path, "hedges"), ("What volume of jet fuel is hedged?", "120 kt"))


CASH_FLOWS = [
    ["", "Fiscal Year Ended", "", ""],
    ["(in thousands)", "March 30, 2024", "April 1, 2023", "April 2, 2022"],
    ["Net cash provided by operating activities", "$ 84,310", "$ 77,902", "$ 70,155"],
    ["Net cash used in investing activities", "(31,204)", "(29,877)", "(35,610)"],
    ["Net cash used in financing activities", "(40,118)", "(52,306)", "(21,004)"],
    ["Net increase (decrease) in cash", "12,988", "(4,281)", "13,541"],
    ["Cash, end of year", "$ 96,412", "$ 83,424", "$ 87,705"],
]
EQUITY = [
    ["(in thousands, except share data)", "June 30, 2024", "June 30, 2023"],
    [
        "Common stock, $0.001 par value; 20,412,000 and 18,950,000 shares outstanding at June 30, 2024 and 2023",
        "20",
        "19",
    ],
    ["Additional paid-in capital", "412,806", "377,150"],
    ["Accumulated deficit", "(261,344)", "(198,702)"],
]
REPURCHASES = [
    ["Period", "Shares purchased", "Average price paid per share", "Shares that may yet be purchased"],
    ["October 1, 2024 to October 31, 2024", "120,400", "$ 51.20", "2,879,600"],
    ["November 1, 2024 to December 2, 2024", "98,150", "$ 53.75", "2,781,450"],
]


def test_period_and_date_words_that_name_a_column_name_no_row(tmp_path):
    answers_each(
        table_from_rows(CASH_FLOWS, tmp_path, "cash"),
        ("What was the net increase in cash for the year ended April 1, 2023?", "(4,281)"),
    )
    answers_each(
        table_from_rows(EQUITY, tmp_path, "equity"),
        ("What was the accumulated deficit as of June 30, 2024?", "(261,344)"),
    )
    # the years of a row's own label name that row, no periods to average over
    answers_each(
        table_from_rows(REPURCHASES, tmp_path, "repurchases"),
        ("What was the average price paid per share in the November 1, 2024 to December 2, 2024 period?", "$ 53.75"),
    )


CUSTOMERS = [
    ["", "2024", "2023"],
    ["Sales to largest customer (in millions)", "$ 804", "$ 770"],
    ["Largest customer as a percentage of net sales", "14%", "15%"],
    ["Sales to top five customers (in millions)", "$ 2,310", "$ 2,045"],
    ["Top five customers as a percentage of net sales", "41%", "39%"],
]
YIELDS = [
    ["", "2024", "", "", "2023", "", ""],
    ["($ in millions)", "Average Balance", "Interest", "Yield", "Average Balance", "Interest", "Yield"],
    ["Interest-earning assets:", "", "", "", "", "", ""],
    ["Loans", "8,410", "512", "6.09%", "7,902", "441", "5.58%"],
    ["Securities", "2,204", "61", "2.77%", "2,516", "63", "2.50%"],
    ["Cash at central bank", "955", "47", "4.92%", "1,010", "44", "4.36%"],
    ["Total interest-earning assets", "11,569", "620", "5.36%", "11,428", "548", "4.80%"],
]


def test_counts_in_words_and_the_noun_a_modifier_goes_with(tmp_path):
    answers_each(
        table_from_rows(CUSTOMERS, tmp_path, "customers"),
        ("What share of net sales did the top 5 customers represent in 2023?", "39%"),
        # "how much" is the money, not the share beside it
        ("How much did the top five customers buy in 2024?", "$ 2,310"),
    )
    table = table_from_rows(YIELDS, tmp_path, "yields")
    answers_each(
        table,
        ("What was the average yield on securities in 2024?", "2.77%"),
        # the kind heads the rows ("Interest-earning assets:"): its "interest" names no column
        ("Which interest-earning asset had the lowest yield in 2023?", "Securities"),
    )


QUARTERS = [
    ["Fiscal 2024", "Revenue", "Operating income", "Net income"],
    ["(in millions)", "", "", ""],
    ["First Quarter", "4,102", "388", "291"],
    ["Second Quarter", "4,560", "402", "305"],
    ["Third Quarter", "4,318", "451", "340"],
    ["Fourth Quarter", "5,011", "436", "322"],
    ["Fiscal Year", "17,991", "1,677", "1,258"],
]
SEGMENTS = [
    ["", "2024", "2023"],
    ["Revenue:", "", ""],
    ["Aerospace", "2,410", "2,205"],
    ["Marine", "1,388", "1,402"],
    ["Rail", "906", "871"],
    ["Total revenue", "4,704", "4,478"],
    ["Segment operating profit:", "", ""],
    ["Aerospace", "301", "276"],
    ["Marine", "(18)", "22"],
    ["Rail", "97", "90"],
    ["Total segment operating profit", "380", "388"],
    ["Unallocated corporate costs", "(61)", "(55)"],
    ["Operating profit", "319", "333"],
]


def test_quarters_as_rows_and_the_section_a_kind_heads(tmp_path):
    answers_each(
        table_from_rows(QUARTERS, tmp_path, "quarters"),
        # the full year's row is no quarter
        ("Which quarter had the highest operating income?", "Third Quarter"),
    )
    answers_each(
        table_from_rows(SEGMENTS, tmp_path, "segments"),
        # the segments are the rows under "Segment operating profit:", not the parts of "Operating profit"
        ("Which segment had the largest operating profit in 2024?", "Aerospace"),
        ("Which segment reported an operating loss in 2024?", "Marine"),
        ("Which was the second-largest segment by revenue in 2023?", "Marine"),
    )


COMMON_SIZE = [
    ["(as a percentage of net revenue)", "2024", "2023"],
    ["Net revenue", "100%", "100%"],
    ["Cost of revenue", "38", "41"],
    ["Gross profit", "62", "59"],
    ["Operating expenses", "55", "57"],
    ["Operating income", "7%", "2%"],
]
FAIR_VALUE = [
    ["", "Level 1", "Level 2", "Level 3", "Total"],
    ["Assets:", "", "", "", ""],
    ["Treasury bills", "$ 60.0", "$ —", "$ —", "$ 60.0"],
    ["Corporate notes", "—", "25.5", "—", "25.5"],
    ["Private equity fund", "—", "—", "8.1", "8.1"],
    ["Total assets", "$ 60.0", "$ 25.5", "$ 8.1", "$ 93.6"],
    ["Liabilities:", "", "", "", ""],
    ["Interest rate swaps", "$ —", "$ 1.2", "$ —", "$ 1.2"],
    ["Earn-out liability", "—", "—", "14.0", "14.0"],
    ["Total liabilities", "$ —", "$ 1.2", "$ 14.0", "$ 15.2"],
]


def test_a_stated_share_and_the_member_a_column_holds(tmp_path):
    answers_each(
        table_from_rows(COMMON_SIZE, tmp_path, "common"),
        ("What was gross profit as a percentage of net revenue in 2023?", "59"),
    )
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair")
    answers_each(
        table,
        ("Which asset is classified as Level 3?", "Private equity fund"),
        ("Which liability is measured with Level 3 inputs?", "Earn-out liability"),
    )
    # two assets hold Level 1 or 2 amounts together: "which asset is Level 2" has one, "Level 1" one too, but a
    # ranking word asks for a comparison, not a holder
    answer = answer_table(table, "Which asset is classified as Level 2?")
    assert answer is not None and answer.value == "Corporate notes"


SENSITIVITY = [
    ["", "Change in net interest income", "", "", ""],
    ["", "2024", "", "2023", ""],
    ["Rate shock (basis points)", "$ Change", "% Change", "$ Change", "% Change"],
    ["+200", "14,210", "5.1", "12,904", "4.8"],
    ["+100", "7,050", "2.5", "6,388", "2.4"],
    ["-100", "(8,112)", "(2.9)", "(7,406)", "(2.7)"],
    ["-200", "(17,630)", "(6.3)", "(15,220)", "(5.6)"],
]
MATURITIES = [
    ["(in millions)", "Amount"],
    ["Three months or less", "1,204"],
    ["Over three months through twelve months", "2,650"],
    ["Over twelve months", "3,018"],
    ["Total", "6,872"],
]
RESTATED = [
    ["", "Revenue", "Basic EPS"],
    ["", "£m", "pence"],
    ["2024", "4,210", "38.6"],
    ["2023¹", "3,988", "35.2"],
    ["2022", "3,705", "36.9"],
    ["¹ Restated.", "", ""],
]
REGIONS = [
    ["(in millions)", "North America", "Europe", "Asia", "Total"],
    ["Revenue", "5,400", "2,100", "2,900", "10,400"],
]


def test_scenarios_maturities_and_marked_years(tmp_path):
    # the signed moves heading the rows are their names: a fall is the "-" row, the money change the "$" column
    answers_each(
        table_from_rows(SENSITIVITY, tmp_path, "sensitivity"),
        ("What was the dollar change in net interest income for a 100 basis point decline in 2024?", "(8,112)"),
        ("What was the percent change in net interest income for a +200 bp shock in 2023?", "4.8"),
        ("What is the NII sensitivity to a down 200 scenario in 2024, in percent?", "(6.3)"),
    )
    answers_each(
        table_from_rows(MATURITIES, tmp_path, "maturities"),
        ("How much of the deposits mature after twelve months?", "3,018"),
    )
    # "2023¹" is 2023, its mark no part of the year
    answers_each(
        table_from_rows(RESTATED, tmp_path, "restated"), ("Which year had the lower basic EPS, 2023 or 2022?", "2023")
    )
    answers_each(
        table_from_rows(REGIONS, tmp_path, "regions"), ("Which region had the second highest revenue?", "Asia")
    )


DATED_QUARTERS = [
    ["Fiscal 2024 Quarter Ended", "Net sales", "Gross profit", "Comparable sales change"],
    ["May 4, 2024", "$ 512,300", "$ 180,410", "0.8%"],
    ["August 3, 2024", "548,912", "197,006", "1.9%"],
    ["November 2, 2024", "530,117", "188,240", "2.6%"],
    ["February 1, 2025", "701,455", "262,390", "3.4%"],
]


def test_quarters_named_by_their_end_dates(tmp_path):
    # four rows a quarter apart under "Quarter Ended": the third quarter is the third of them in date order; a
    # column the question names whole states the change asked
    answers_each(
        table_from_rows(DATED_QUARTERS, tmp_path, "dated"),
        ("What was first-quarter gross profit?", "$ 180,410"),
        ("What were net sales in the third quarter of fiscal 2024?", "530,117"),
        ("What was the comparable sales change in the quarter ended November 2, 2024?", "2.6%"),
    )


FIVE_YEARS = [
    ["Year", "Revenue ($ in millions)", "Percent change", "Operating margin %"],
    ["2024", "3,410.2", "4.1 %", "11.2 %"],
    ["2023", "3,275.9", "(1.8) %", "10.4 %"],
    ["2022", "3,336.0", "6.0 %", "12.0 %"],
    ["2021", "3,147.1", "2.2 %", "11.5 %"],
]
SCHEDULE = [
    ["(in millions)", "Debt", "Leases", "Purchase obligations", "Total"],
    ["2025", "300", "41", "610", "951"],
    ["2026", "150", "38", "204", "392"],
    ["Thereafter", "900", "97", "12", "1,009"],
]
ASSUMPTIONS = [
    ["", "Pension", "", "Retiree medical", ""],
    ["", "2024", "2023", "2024", "2023"],
    ["Assumptions used to determine benefit obligations at December 31:", "", "", "", ""],
    ["Discount rate", "5.42%", "5.01%", "5.30%", "4.95%"],
    ["Assumptions used to determine net periodic benefit cost for years ended December 31:", "", "", "", ""],
    ["Discount rate", "5.01%", "5.58%", "4.95%", "5.49%"],
]


def test_years_as_rows_a_whole_header_and_a_point_in_time(tmp_path):
    answers_each(table_from_rows(FIVE_YEARS, tmp_path, "five"), ("In which year did revenue decline?", "2023"))
    # "total contractual obligations": the Total column, said whole, not "Purchase obligations"
    answers_each(
        table_from_rows(SCHEDULE, tmp_path, "schedule"),
        ("What are total contractual obligations due in 2026?", "392"),
    )
    # "at year-end 2023" is a point in time: the obligations' rate, not the cost's "for years ended"
    answers_each(
        table_from_rows(ASSUMPTIONS, tmp_path, "assumptions"),
        ("What discount rate was assumed for the retiree medical obligation at year-end 2023?", "4.95%"),
    )


SEGMENT_MARGINS = [
    ["", "2024", "", "", "2023", "", ""],
    ["", "Revenue", "Operating profit", "Margin", "Revenue", "Operating profit", "Margin"],
    ["", "£m", "£m", "%", "£m", "£m", "%"],
    ["Nordics", "640.2", "88.1", "13.8", "611.0", "80.4", "13.2"],
    ["Benelux", "402.7", "40.9", "10.2", "398.5", "37.2", "9.3"],
    ["Group", "1,042.9", "129.0", "12.4", "1,009.5", "117.6", "11.6"],
]
EXPIRIES = [
    ["Year of expiry", "Leases expiring", "Annual rent ($000)", "% of portfolio annual rent"],
    ["2025", "31", "12,400", "21.0%"],
    ["2026", "44", "19,870", "33.7%"],
    ["2027 and later", "60", "26,730", "45.3%"],
    ["Total", "135", "59,000", "100.0%"],
]


def test_a_margin_and_an_amount_beside_its_share(tmp_path):
    # "operating margin": the margin, which "operating" qualifies, not the operating profit
    answers_each(
        table_from_rows(SEGMENT_MARGINS, tmp_path, "margins"),
        ("What was the operating margin in Benelux in 2023?", "9.3"),
    )
    # no share asked: the amount, not the share of the portfolio its words also name
    answers_each(
        table_from_rows(EXPIRIES, tmp_path, "expiries"),
        ("What is the total annual rent of the portfolio?", "59,000"),
    )


CATEGORIES = [
    ["", "Fiscal Year", "", "", "", ""],
    ["", "Fiscal 2024", "", "Fiscal 2023", "", ""],
    ["(in millions)", "Net Sales", "% of Total", "Net Sales", "% of Total", "% Change 2024 vs. 2023"],
    ["Apparel", "$ 2,410", "48.2 %", "$ 2,305", "47.5 %", "4.6 %"],
    ["Footwear", "1,596", "31.9", "1,610", "33.2", "(0.9)"],
    ["Accessories", "994", "19.9", "938", "19.3", "6.0"],
    ["Total net sales", "$ 5,000", "100.0 %", "$ 4,853", "100.0 %", "3.0 %"],
]


def test_a_share_column_and_a_change_column_after_year_groups(tmp_path):
    table = table_from_rows(CATEGORIES, tmp_path, "categories")
    # the change column names its own years: it is no column of "Fiscal 2023"
    assert "2023" not in table.column_name(5).replace("2024 vs. 2023", "")
    answers_each(
        table,
        ("What portion of fiscal 2024 net sales came from footwear?", "31.9"),
        ("By what percentage did accessories sales increase in fiscal 2024?", "6.0"),
    )


REGION_REVENUE = [
    ["", "2024", "", "2023", ""],
    ["(in thousands)", "Amount", "% of Revenue", "Amount", "% of Revenue"],
    ["North America", "$ 210,400", "62%", "$ 190,150", "63%"],
    ["Europe, Middle East and Africa (EMEA)", "81,300", "24%", "72,005", "24%"],
    ["Asia Pacific", "47,900", "14%", "39,845", "13%"],
    ["Total revenue", "$ 339,600", "100%", "$ 302,000", "100%"],
]
SEGMENT_REGIONS = [
    ["(in millions)", "Americas", "EMEA", "Asia Pacific", "Total"],
    ["Flow Control", "1,804", "902", "611", "3,317"],
    ["Sensing", "1,120", "745", "530", "2,395"],
]


def test_regions_said_in_full_or_by_their_short_forms(tmp_path):
    # "EMEA revenue": the EMEA row, not "Total revenue", whose only word the column says too
    answers_each(table_from_rows(REGION_REVENUE, tmp_path, "regions"), ("What was EMEA revenue in 2023?", "72,005"))
    answers_each(
        table_from_rows(SEGMENT_REGIONS, tmp_path, "segment_regions"),
        ("What were Sensing sales in Europe, the Middle East and Africa?", "745"),
        ("What were APAC sales of Flow Control?", "611"),
    )


CAPITAL_PLAN = [
    ["(Millions of dollars)", "Transmission", "Distribution", "Total"],
    ["2025", "610", "840", "1,450"],
    ["2026", "655", "905", "1,560"],
    ["2027", "700", "990", "1,690"],
    ["Total 2025–2027", "1,965", "2,735", "4,700"],
]


def test_a_span_of_years_is_no_row_s_own_label(tmp_path):
    # "2025-2027" runs over three year rows: "2025" alone is one end of it, not the row asked
    answer = answer_table(
        table_from_rows(CAPITAL_PLAN, tmp_path, "plan"), "What is the grand total of the 2025-2027 capital plan?"
    )
    assert answer is not None and answer.value is not None
    assert float(answer.value.replace(",", "")) == 4700
