"""Amount tables with text columns beside the amounts: a later stub column of text (useful lives, maturities) is
named by its header, not by the words its cells share with it; "how much" takes the row's one amount beside its
text ("Indefinite"); a duration printed in words ("6.4 years") is the row's value; an amount the question says
inside a row's label ("the 5.250% senior notes") names the row, it is no value whose owner is asked. Tables are
written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

PROPERTY = [
    ["", "Estimated Useful Life", "June 30, 2019", "June 30, 2018"],
    ["Land", "N/A", "$4,500", "$4,500"],
    ["Buildings", "30 years", "28,640", "27,915"],
    ["Leasehold improvements", "Shorter of lease term or useful life", "9,215", "7,840"],
    ["Machinery and equipment", "5-10 years", "41,378", "38,062"],
    ["Computer equipment and software", "3-5 years", "15,906", "13,220"],
    ["Furniture and fixtures", "7 years", "3,112", "2,987"],
    ["Construction in progress", "", "2,604", "5,318"],
    ["", "", "105,355", "99,842"],
    ["Less: accumulated depreciation", "", "(52,471)", "(45,930)"],
    ["Property and equipment, net", "", "$52,884", "$53,912"],
]
CARRYFORWARDS = [
    ["", "Amount", "Expiration"],
    ["Federal net operating losses", "$42,610", "2028-2037"],
    ["State net operating losses", "31,275", "2020-2039"],
    ["Foreign net operating losses", "12,580", "Indefinite"],
    ["Federal research and development credits", "6,845", "2025-2039"],
]
LEASES = [
    ["(in thousands)", "Year Ended December 31, 2019"],
    ["Operating lease cost", "$13,845"],
    ["Variable lease cost", "2,315"],
    ["Total lease cost", "$17,868"],
    ["Weighted average remaining lease term — operating leases", "6.4 years"],
    ["Weighted average remaining lease term — finance leases", "3.1 years"],
    ["Weighted average discount rate — operating leases", "4.6%"],
]
DEBT = [
    ["", "Maturity", "Interest Rate", "December 31, 2019", "December 31, 2018"],
    ["Term loan A", "2023", "LIBOR + 1.50%", "185,000", "195,000"],
    ["3.875% Senior notes", "2027", "3.875%", "400,000", "400,000"],
    ["5.250% Senior notes", "2029", "5.250%", "300,000", "—"],
    ["Total debt", "", "", "885,000", "595,000"],
]


def test_a_text_column_is_named_by_its_header(tmp_path):
    answers_each(
        table_from_rows(PROPERTY, tmp_path, "property"),
        ("What is the estimated useful life of buildings?", "30 years"),
        ("What was the useful life for land?", "N/A"),
        ("What were buildings at June 30, 2019?", "28,640"),
    )


def test_how_much_takes_the_amount_beside_text(tmp_path):
    answers_each(
        table_from_rows(CARRYFORWARDS, tmp_path, "carryforwards"),
        ("How much were the foreign net operating losses?", "12,580"),
        ("When do the state net operating losses expire?", "2020-2039"),
    )


def test_a_duration_in_words_is_the_rows_value(tmp_path):
    answers_each(
        table_from_rows(LEASES, tmp_path, "leases"),
        ("What is the weighted average remaining lease term for operating leases?", "6.4 years"),
        ("What was the weighted average discount rate for operating leases?", "4.6%"),
    )


def test_an_amount_in_the_row_label_names_the_row(tmp_path):
    answers_each(
        table_from_rows(DEBT, tmp_path, "debt"),
        ("When do the 5.250% senior notes mature?", "2029"),
        ("What was the carrying amount of the 3.875% senior notes at December 31, 2018?", "400,000"),
    )
