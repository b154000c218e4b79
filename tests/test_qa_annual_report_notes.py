"""Notes tables of annual reports as extractors return them: intangibles gross and net, deferred tax by category
with its group labels in the last cell of each set, tax reconciliations stating a rate in a label, maturity
analyses whose contractual total the buckets split, provisions split under their total, share awards per grant.
Tables are CSV files the tests write."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tests.helpers import answers_each

INTANGIBLES = [
    ["", "December 31, 2019", "", "", "December 31, 2018", "", ""],
    ["(in thousands)", "Gross Carrying Amount", "Accumulated Amortization", "Net", "Gross Carrying Amount",
     "Accumulated Amortization", "Net"],
    ["Patents", "18,400", "(9,620)", "8,780", "17,250", "(8,115)", "9,135"],
    ["Customer lists", "46,900", "(21,335)", "25,565", "41,300", "(16,870)", "24,430"],
    ["Total", "65,300", "(30,955)", "34,345", "58,550", "(24,985)", "33,565"],
]  # fmt: skip


def test_net_asked_takes_the_net_column_over_a_gross_one_naming_more_words(tmp_path):
    table = table_from_rows(INTANGIBLES, tmp_path, "intangibles")
    answers_each(
        table,
        ("What was the net carrying amount of patents at December 31, 2018?", "9,135"),
        ("What was the gross carrying amount of patents at December 31, 2018?", "17,250"),
    )


REVENUE = [
    ["(in thousands)", "Year Ended", "Year Ended"],
    ["", "June 30, 2020", "June 30, 2019"],
    ["By geography:", "", ""],
    ["Americas", "$ 684,215", "$ 612,488"],
    ["EMEA", "298,730", "281,904"],
    ["Asia Pacific", "143,062", "151,337"],
    ["", "$ 1,126,007", "$ 1,045,729"],
    ["By revenue type:", "", ""],
    ["Subscription", "$ 802,451", "$ 698,112"],
    ["Professional services", "323,556", "347,617"],
    ["Total net revenue", "$ 1,126,007", "$ 1,045,729"],
]


def test_geographic_asks_the_geography_section(tmp_path):
    table = table_from_rows(REVENUE, tmp_path, "revenue")
    answer = answer_table(table, "Which geographic region generated the most revenue in the year ended June 30, 2019?")
    assert answer is not None and answer.value == "Americas"


FAIR_VALUE = [
    ["(in thousands)", "Level 1", "Level 2", "Level 3", "Total"],
    ["Liabilities:", "", "", "", ""],
    ["Contingent consideration", "$ —", "$ —", "$ 7,520", "$ 7,520"],
    ["Foreign currency forward contracts", "—", "318", "—", "318"],
    ["Total liabilities", "$ —", "$ 318", "$ 7,520", "$ 7,838"],
]


def test_a_or_b_compares_the_two_rows_offered_in_the_total_column(tmp_path):
    """The longer alternative links by more words; the shorter still names its row. No column is named: the
    rows' totals are compared."""
    table = table_from_rows(FAIR_VALUE, tmp_path, "fair_value")
    answer = answer_table(table, "Which was higher, contingent consideration or foreign currency forward contracts?")
    assert answer is not None and answer.value == "Contingent consideration"
    assert {(c["row"], c["col"]) for c in answer.citations} == {(2, 4), (3, 4)}


DEFERRED_TAX = [
    ["", "", "Assets", "", "Liabilities", "", "Net"],
    ["In millions of CHF", "2020", "2019", "2020", "2019", "2020", "2019"],
    ["Property, plant and equipment", "12", "10", "(284)", "(271)", "(272)", "(261)"],
    ["Intangible assets", "8", "9", "(173)", "(188)", "(165)", "(179)"],
    ["Inventories", "41", "37", "(6)", "(5)", "35", "32"],
]


def test_group_labels_in_the_last_cell_of_their_sets_head_the_sets_and_a_rows_word_names_no_column(tmp_path):
    table = table_from_rows(DEFERRED_TAX, tmp_path, "deferred_tax")
    assert table.column_chain(1) == ["Assets", "2020"]
    assert table.column_chain(6) == ["Net", "2019"]
    answers_each(
        table,
        ("What was the net deferred tax position for inventories in 2020?", "35"),
        # "assets" is the row's word ("Intangible assets"): the Liabilities column is asked
        ("What was the deferred tax liability on intangible assets in 2019?", "(188)"),
    )


EPS = [
    ["", "Year ended 31", "Year ended 31"],
    ["", "March 2019", "March 2018 (restated)"],
    ["Profit attributable to owners of the parent (£m)", "265.8", "227.0"],
    ["Adjusting items, net of tax (£m)", "38.4", "45.1"],
    ["Adjusted profit attributable to owners of the parent (£m)", "304.2", "272.1"],
    ["Weighted average number of ordinary shares for basic EPS (m)", "546.9", "547.0"],
    ["Weighted average number of ordinary shares for diluted EPS (m)", "552.5", "552.3"],
    ["Basic earnings per share (pence)", "48.6", "41.5"],
    ["Diluted earnings per share (pence)", "48.1", "41.1"],
    ["Adjusted diluted earnings per share (pence)", "55.1", "49.3"],
]


def test_eps_is_spelled_by_a_label_ending_in_its_unit_in_pence(tmp_path):
    table = table_from_rows(EPS, tmp_path, "eps")
    answers_each(table, ("What was adjusted diluted EPS for the year ended 31 March 2018?", "49.3"))


TAX_RECONCILIATION = [
    ["(US$ in thousands)", "", "2020", "", "2019"],
    ["", "Amount", "%", "Amount", "%"],
    ["Profit before income tax", "86,420", "", "71,905", ""],
    ["Tax at the Australian tax rate of 30%", "25,926", "30.0", "21,572", "30.0"],
    ["Research and development tax incentive", "(3,114)", "(3.6)", "(2,688)", "(3.7)"],
    ["Difference in overseas tax rates", "(2,481)", "(2.9)", "(1,930)", "(2.7)"],
    ["Income tax expense", "20,331", "23.5", "16,954", "23.6"],
]


def test_a_rate_the_rows_label_states_asks_no_percentage(tmp_path):
    table = table_from_rows(TAX_RECONCILIATION, tmp_path, "tax")
    answers_each(
        table,
        ("What was the tax at the Australian tax rate of 30% in 2020?", "25,926"),
        ("What was the percentage of tax at the Australian tax rate of 30% in 2020?", "30.0"),
    )


EFFECTIVE_RATE = [
    ["", "2019", "", "2018", ""],
    ["", "€m", "%", "€m", "%"],
    ["Profit before tax", "1,482", "", "1,315", ""],
    ["Income tax using the Company's domestic tax rate", "445", "30.0", "395", "30.0"],
    ["Effect of tax rates in foreign jurisdictions", "(53)", "(3.6)", "(29)", "(2.2)"],
    ["Non-deductible expenses", "21", "1.4", "17", "1.3"],
    ["Tax-exempt income", "(12)", "(0.8)", "(15)", "(1.1)"],
    ["Recognition of previously unrecognised tax losses", "(9)", "(0.6)", "—", "—"],
    ["Current-year losses for which no deferred tax asset is recognised", "6", "0.4", "11", "0.8"],
    ["Changes in estimates related to prior years", "(4)", "(0.3)", "7", "0.5"],
    ["Income tax expense", "409", "27.5", "386", "29.3"],
]


def test_the_effective_tax_rate_of_a_reconciliation_naming_none_is_ranked_by_year(tmp_path):
    table = table_from_rows(EFFECTIVE_RATE, tmp_path, "effective")
    answers_each(table, ("In which year was the effective tax rate higher?", "2018"))


PPE = [
    ["", "Useful life", "2019", "2018"],
    ["Freehold land", "Not depreciated", "45,200", "43,850"],
    ["Buildings", "25 - 40 years", "118,640", "121,305"],
    ["Plant and equipment", "3 - 10 years", "72,385", "68,920"],
    ["Computer equipment", "3 - 5 years", "9,845", "8,310"],
    ["Total", "", "246,070", "242,385"],
]


def test_the_total_of_a_longer_name_ending_in_a_rows_label_is_the_total_row(tmp_path):
    table = table_from_rows(PPE, tmp_path, "ppe")
    answers_each(
        table,
        ("What was the total property, plant and equipment as of year end 2018?", "242,385"),
        ("What was the plant and equipment in 2018?", "68,920"),
    )


PROVISIONS = [
    ["(in US$ millions)", "31 December 2020", "31 December 2019"],
    ["Decommissioning and restoration", "412", "389"],
    ["Legal and regulatory", "96", "128"],
    ["Product warranty", "78", "72"],
    ["Total provisions", "586", "589"],
    ["Of which: current", "151", "197"],
    ["Of which: non-current", "435", "392"],
]


def test_of_which_lines_under_a_total_are_its_parts(tmp_path):
    table = table_from_rows(PROVISIONS, tmp_path, "provisions")
    answers_each(
        table,
        ("What was the non-current portion of total provisions in 2020?", "435"),
        ("What were total provisions in 2020?", "586"),
    )


MATURITY = [
    ["31 December 2023 (in $ millions)", "Carrying amount", "Contractual cash flows", "Within 1 year",
     "1-2 years", "2-5 years", "More than 5 years"],
    ["Non-derivative financial liabilities", "", "", "", "", "", ""],
    ["Bank loans", "1,245", "1,362", "214", "398", "750", "—"],
    ["Bonds", "2,980", "3,476", "96", "96", "1,284", "2,000"],
    ["Lease liabilities", "418", "487", "92", "81", "176", "138"],
    ["Derivative financial liabilities", "", "", "", "", "", ""],
    ["Forward exchange contracts", "22", "22", "19", "3", "—", "—"],
    ["Total", "4,665", "5,347", "421", "578", "2,210", "2,138"],
]  # fmt: skip


def test_a_bucket_of_the_whole_the_question_names_is_taken_not_added_to_it(tmp_path):
    table = table_from_rows(MATURITY, tmp_path, "maturity")
    answers_each(
        table,
        ("What is the total amount of contractual cash flows due in more than 5 years (in $ millions)?", "2,138"),
    )


AWARDS = [
    ["Director / Scheme", "Date of grant", "At 1 January 2023", "Granted", "Vested", "Lapsed", "Vesting date"],
    ["Sarah Whitfield", "", "", "", "", "", ""],
    ["PSP", "18 March 2020", "296,400", "—", "231,785", "64,615", "18 March 2023"],
    ["PSP", "16 March 2021", "312,500", "—", "—", "—", "16 March 2024"],
    ["David Okafor", "", "", "", "", "", ""],
    ["PSP", "16 March 2021", "176,000", "—", "—", "—", "16 March 2024"],
]


def test_of_two_rows_alike_the_one_stating_an_amount_answers_not_a_nil_mark(tmp_path):
    table = table_from_rows(AWARDS, tmp_path, "awards")
    answers_each(
        table,
        ("How many PSP shares vested for Sarah Whitfield during the year?", "231,785"),
        ("How many of Sarah Whitfield's PSP shares lapsed during the year?", "64,615"),
    )


COST_OF_REVENUE = [
    ["", "Fiscal years ended July 31,", "", "", "", "", ""],
    ["", "", "2019", "", "2018", "", "Change"],
    ["", "Amount", "% of total revenue", "Amount", "% of total revenue", "($)", "(%)"],
    ["", "", "", "(In thousands, except percentages)", "", "", ""],
    ["License and subscription", "$ 64,798", "9%", "$ 35,452", "5%", "29,346", "83"],
    ["Maintenance", "16,499", "2", "14,783", "2", "1,716", "12"],
    ["Services", "243,053", "34", "246,548", "38", "(3,495)", "(1)"],
]


def test_periods_in_the_last_cell_of_their_sets_and_a_change_label_after_them_head_their_own_columns(tmp_path):
    """ "2019" and "2018" each over the last column of their "Amount | % of total revenue" set (a scale note on a
    line of its own under one column breaks no set), and "Change" over the last of "($) | (%)" after them."""
    table = table_from_rows(COST_OF_REVENUE, tmp_path, "cost_of_revenue")
    assert table.column_chain(1)[-2:] == ["2019", "Amount"]
    assert table.column_chain(3)[-2:] == ["2018", "Amount"]
    assert table.column_chain(5) == ["Change", "($)"]
    answer = answer_table(table, "In which year was Maintenance less than 15,000 thousands?")
    assert answer is not None and answer.value == "2018"


OPTIONS_LATE = [
    ["", "", "", "Options Outstanding", "", "Options Exercisable"],
    ["Range of Exercise Prices", "Shares", "Remaining Life (years)", "Exercise Price", "Shares", "Exercise Price"],
    ["$2.50 - $5.00", "412,300", "2.1", "$3.84", "398,100", "$3.80"],
    ["$5.01 - $10.00", "655,000", "4.6", "$7.12", "512,400", "$7.05"],
]


def test_group_labels_each_in_the_last_cell_of_its_group_head_the_columns_before_them(tmp_path):
    """No label over the first columns and the last label in the last column: each label closes its group."""
    table = table_from_rows(OPTIONS_LATE, tmp_path, "options")
    assert table.column_chain(1) == ["Options Outstanding", "Shares"]
    assert table.column_chain(4) == ["Options Exercisable", "Shares"]
    answers_each(table, ("How many options were exercisable in the $5.01 - $10.00 range?", "512,400"))
    # a label said over one column of each group is a stacked line, no group name: left where it is
    stacked = [
        ["(shares in thousands)", "Restricted Stock Units", "", "Performance Share Units", ""],
        ["", "", "Weighted-Average", "", "Weighted-Average"],
        ["", "Shares", "Grant-Date Fair Value", "Shares", "Grant-Date Fair Value"],
        ["Granted", "874", "$52.10", "231", "$55.40"],
    ]
    table = table_from_rows(stacked, tmp_path, "units")
    assert table.column_chain(1) == ["Restricted Stock Units", "Shares"]
    assert table.column_chain(2) == ["Restricted Stock Units", "Weighted-Average", "Grant-Date Fair Value"]


OBLIGATIONS_LATE = [
    ["", "", "", "", "", "", "Payments Due by Period"],
    ["(in millions)", "2020", "2021", "2022", "2023", "Thereafter", "Total"],
    ["Long-term debt", "$250", "$400", "$—", "$600", "$1,900", "$3,150"],
    ["Operating leases", "92", "88", "71", "64", "296", "611"],
]


def test_a_lone_label_in_the_last_column_heads_the_run_of_columns_before_it(tmp_path):
    """Over years, "Thereafter" and the total: written in the total's cell, it heads every column of the run."""
    table = table_from_rows(OBLIGATIONS_LATE, tmp_path, "obligations")
    assert table.column_chain(2) == ["Payments Due by Period", "2021"]
    answers_each(table, ("What operating lease payments are due in 2021?", "88"))
