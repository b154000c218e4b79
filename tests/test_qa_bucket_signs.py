"""A column named by a comparison sign (">360", "< 1 year") is the bucket a question names in words ("more than 360
days", "over 360 days"); a stated change between two years ("2021 vs 2020") is the answer to a change asked from
one year to the other, while the years' own amounts answer "in 2020 and 2021 respectively". Each test builds its
table as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

AGEING = [
    ["Days past due", "1–90", "91–180", "181–360", ">360", "Total"],
    ["Country risk: Low", "1,120", "140", "95", "260", "1,615"],
    ["Country risk: High", "610", "302", "188", "1,204", "2,304"],
    ["Total past due", "1,730", "442", "283", "1,464", "3,919"],
]


def _cell(answer):
    assert answer is not None and not answer.refused, answer
    return answer.value, [(c["row"], c["col"]) for c in answer.citations]


def test_a_sign_bucket_is_named_in_words(tmp_path):
    table = table_from_rows(AGEING, tmp_path, "ageing")
    assert _cell(answer_table(table, "What was the total amount past due for more than 360 days?")) == (
        "1,464",
        [(3, 4)],
    )
    assert _cell(answer_table(table, "How much was past due over 360 days for high country risk?")) == (
        "1,204",
        [(2, 4)],
    )


VARIATION = [
    ["", "Year Ended December 31,", "Year Ended December 31,", "Variation"],
    ["", "2021", "2020", "2021 vs 2020"],
    ["Gross profit", "$4,120", "$3,980", "3.5%"],
    ["Operating income", "$1,015", "$1,122", "(9.5)%"],
]


def test_a_stated_change_between_the_years_answers_the_change_asked(tmp_path):
    table = table_from_rows(VARIATION, tmp_path, "variation")
    assert _cell(answer_table(table, "What was the variation in gross profit from 2020 to 2021?")) == ("3.5%", [(2, 3)])
    both = answer_table(table, "What was the operating income in 2020 and 2021 respectively?")
    assert both is not None and both.value == "$1,122; $1,015"


def test_all_of_the_rows_a_noun_names_is_their_total_row(tmp_path):
    # every "Country risk: ..." row matches "countries" alone: "for all countries" is the total row, not the first
    table = table_from_rows(AGEING, tmp_path, "ageing")
    answer = answer_table(table, "What is the difference between 181-360 and >360 due for all countries?")
    assert answer is not None and answer.value == "1181", answer
    assert {c["row"] for c in answer.citations} == {3}


FEES = [
    ["", "2021", "Percentage of Total Fees", "2020", "Percentage of Total Fees"],
    ["Audit Fees", "3,900,000", "94.0%", "4,100,000", "95.1%"],
    ["Audit-Related Fees", "249,000", "6.0%", "211,300", "4.9%"],
    ["Total", "4,149,000", "100.0%", "4,311,300", "100%"],
]


def test_the_amount_before_its_share_unless_a_percentage_is_asked(tmp_path):
    table = table_from_rows(FEES, tmp_path, "fees")
    assert _cell(answer_table(table, "What were the total fees in 2020?")) == ("4,311,300", [(3, 3)])
    assert _cell(answer_table(table, "What percentage of total fees were audit-related fees in 2020?"))[0] == "4.9%"


NET_DEBT = [
    ["", "2021", "2020"],
    ["Adjusted operating profit", "301.5", "282.7"],
    ["Earnings before interest, tax, depreciation and amortisation", "335.1", "317.0"],
    ["Net debt", "280.0", "295.2"],
    ["Net debt to EBITDA", "0.8", "0.9"],
]


def test_an_acronym_a_longer_label_writes_still_names_the_label_spelling_it_out(tmp_path):
    table = table_from_rows(NET_DEBT, tmp_path, "ebitda")
    assert _cell(answer_table(table, "What was the EBITDA in 2020?")) == ("317.0", [(2, 2)])
    assert _cell(answer_table(table, "What was the net debt to EBITDA in 2021?")) == ("0.8", [(4, 1)])
