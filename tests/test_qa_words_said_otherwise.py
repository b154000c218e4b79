"""A question's words said the table's way: "net profit" for the result "for the year", "interest expense" for
"Finance costs" beside "Administrative expenses", a country's adjective for its name, "customers" for
"subscribers", growth "at constant currency" over "constant exchange rates", "ROA" over "Return on average
assets"; a statistic column (average, high, low) left to the questions that say it; a count column for "how
many"; a count row in a column of percentages whose rows state their own units; a word said once naming the
column phrase it belongs to, not a row too; "the year before 2019"; the beginning of a fiscal year over balances
dated at its year end; the growth into the one year asked from a "2021 vs. 2020 % Change" column; and an average
over every row of a category a listing's column holds; the head noun said otherwise deciding a tie ("turnover":
"Net sales", not "Cost of sales"); words spelling an acronym a label writes ("WAEP", "ARPU") as its name, no
operation; and a plain measure asked without the word of its adjusted twin. Tables are written as CSV files."""

from __future__ import annotations

from helpers import answers_each

from tablerag.eval.qa import table_from_rows

UK_STATEMENT = [
    ["", "2021", "2020"],
    ["", "£m", "£m"],
    ["Turnover", "1,812", "1,640"],
    ["Cost of sales", "(1,204)", "(1,118)"],
    ["Gross profit", "608", "522"],
    ["Administrative expenses", "(301)", "(288)"],
    ["Operating profit", "307", "234"],
    ["Finance costs", "(42)", "(47)"],
    ["Profit before taxation", "265", "187"],
    ["Taxation", "(51)", "(38)"],
    ["Profit for the financial year", "214", "149"],
]
STORES = [
    ["", "Number of stores", "", "Selling area (thousand sq m)", ""],
    ["Country", "31 Dec 2021", "31 Dec 2020", "31 Dec 2021", "31 Dec 2020"],
    ["Hypermarkets", "", "", "", ""],
    ["France", "231", "236", "1,540", "1,566"],
    ["Italy", "118", "115", "702", "690"],
    ["Supermarkets", "", "", "", ""],
    ["France", "904", "890", "1,205", "1,188"],
    ["Italy", "377", "362", "402", "388"],
]
BANK = [
    ["", "2021", "2020", "2019"],
    ["Selected ratios and data", "", "", ""],
    ["Return on average assets (%)", "1.18", "1.02", "1.11"],
    ["Return on average equity (%)", "11.6", "10.1", "10.9"],
    ["Efficiency ratio (%)", "58.0", "60.2", "59.4"],
    ["Prepaid subscribers (thousands)", "4,410", "4,388", "4,301"],
    ["Banking offices", "388", "402", "415"],
]
HEADCOUNT = [
    ["", "Average", "", "At year end", ""],
    ["", "2021", "2020", "2021", "2020"],
    ["Operations", "2,911", "2,840", "2,960", "2,874"],
    ["Information technology", "204", "188", "221", "196"],
    ["Total", "3,115", "3,028", "3,181", "3,070"],
]
VAR = [
    ["", "2021", "", "", ""],
    ["(in thousands)", "Average", "High", "Low", "December 31"],
    ["Interest rate risk", "$ 1,610", "$ 2,904", "$ 811", "$ 1,377"],
    ["Equity risk", "402", "930", "150", "388"],
    ["Total trading VaR", "$ 1,790", "$ 3,215", "$ 902", "$ 1,540"],
]
SALES_GROWTH = [
    ["", "2021", "2020", "Change at actual rates", "Change at constant exchange rates"],
    ["", "$m", "$m", "%", "%"],
    ["Oncology", "12,104", "10,660", "14", "16"],
    ["Vaccines", "4,880", "4,912", "(1)", "2"],
]
OPTIONS = [
    ["", "Number of Options (in thousands)", "Weighted-Average Exercise Price", "Aggregate Intrinsic Value"],
    ["Outstanding at December 31, 2020", "3,904", "$ 41.20", "$ 88.1"],
    ["Granted", "605", "66.15", ""],
    ["Exercised", "(812)", "31.44", ""],
    ["Outstanding at December 31, 2021", "3,697", "$ 47.51", "$ 102.6"],
    ["Exercisable at December 31, 2021", "2,120", "$ 38.02", "$ 77.4"],
]
GOODWILL = [
    ["(in thousands)", "Software", "Services", "Total"],
    ["Balance as of June 30, 2019", "$ 210,330", "$ 18,912", "$ 229,242"],
    ["Acquisitions", "22,150", "—", "22,150"],
    ["Balance as of June 30, 2020", "232,480", "18,912", "251,392"],
    ["Acquisitions", "—", "4,418", "4,418"],
    ["Balance as of June 30, 2021", "$ 232,480", "$ 23,330", "$ 255,810"],
]
TAX = [
    ["", "Fiscal Year Ended", "", ""],
    ["(in thousands)", "September 25, 2021", "September 26, 2020", "September 28, 2019"],
    ["Current:", "", "", ""],
    ["Federal", "$ 21,904", "$ 18,330", "$ 16,045"],
    ["Foreign", "6,712", "5,928", "5,104"],
    ["Deferred:", "", "", ""],
    ["Federal", "(2,410)", "1,884", "3,016"],
    ["Foreign", "(388)", "(120)", "402"],
    ["Provision for income taxes", "$ 25,818", "$ 26,022", "$ 24,567"],
]
SCORERS = [
    ["Rank", "Name", "Club", "Nationality", "Points"],
    ["1", "Player One", "Club A", "Portugal", "48"],
    ["2", "Player Two", "Club B", "Italy", "41"],
    ["3", "Player Three", "Club C", "Spain", "30"],
    ["4", "Player Four", "Club B", "Italy", "17"],
    ["5", "Player Five", "Club D", "England", "12"],
    ["6", "Player Six", "Club E", "Italy", "9"],
]


def test_british_wording_names_the_bottom_line_and_finance_costs(tmp_path):
    table = table_from_rows(UK_STATEMENT, tmp_path, "uk")
    answers_each(
        table,
        ("What was the net profit in 2021?", "214"),
        ("What was the interest expense in 2020?", "(47)"),
    )


def test_a_country_adjective_and_a_count_column(tmp_path):
    table = table_from_rows(STORES, tmp_path, "stores")
    answers_each(
        table,
        ("How many French hypermarkets were open at the end of 2021?", "231"),
        # "how many" over "Number of stores | Selling area": the number, not the area beside it
        ("How many supermarkets did the group operate in Italy at 31 December 2020?", "362"),
        ("What was the selling area of Italian supermarkets at 31 December 2021?", "402"),
    )


def test_acronyms_synonyms_and_a_count_among_ratios(tmp_path):
    table = table_from_rows(BANK, tmp_path, "bank")
    answers_each(
        table,
        ("What was ROA for 2020?", "1.02"),
        ("How many prepaid customers did the company have at the end of 2021?", "4,410"),
        # the column is mostly percentages, but each row says its own unit: offices are counted
        ("How many branches did the bank operate at the end of 2019?", "415"),
    )


def test_a_statistic_column_answers_only_the_question_saying_it(tmp_path):
    table = table_from_rows(HEADCOUNT, tmp_path, "headcount")
    answers_each(
        table,
        ("How many IT employees did the group have at 31 December 2021?", "221"),
        ("What was the average number of IT employees in 2020?", "188"),
    )
    table = table_from_rows(VAR, tmp_path, "var")
    answers_each(
        table,
        ("What was total trading VaR at year-end 2021?", "$ 1,540"),
        ("What was the highest equity risk VaR in 2021?", "930"),
    )


def test_growth_at_constant_currency_and_as_reported(tmp_path):
    table = table_from_rows(SALES_GROWTH, tmp_path, "growth")
    answers_each(
        table,
        ("How much did Oncology sales grow at constant currency in 2021?", "16"),
        ("What was the growth of Vaccines on a reported basis?", "(1)"),
    )


def test_a_word_of_the_column_phrase_names_no_row(tmp_path):
    table = table_from_rows(OPTIONS, tmp_path, "options")
    # "exercise" is the column's ("Weighted-Average Exercise Price"), not the "Exercisable" row's
    answers_each(table, ("What was the weighted-average exercise price of options granted during 2021?", "66.15"))


def test_neighbour_years_and_fiscal_year_beginnings(tmp_path):
    table = table_from_rows(TAX, tmp_path, "tax")
    answers_each(table, ("What was the deferred federal tax expense in the year before fiscal 2021?", "1,884"))
    table = table_from_rows(GOODWILL, tmp_path, "goodwill")
    # balances dated at a June year end: fiscal 2021 began at June 30, 2020
    answers_each(table, ("What was Services goodwill at the beginning of fiscal 2020?", "$ 18,912"))
    answers_each(table, ("What was Software goodwill at the beginning of fiscal 2021?", "232,480"))


def test_an_average_over_the_rows_of_a_category(tmp_path):
    table = table_from_rows(SCORERS, tmp_path, "scorers")
    answers_each(
        table,
        ("What was the average number of points scored by Italians?", "22.333333333333332"),
        ("How many points did the players from Italy score in total?", "67"),
    )


BORROWINGS = [
    ["", "2021", "2020"],
    ["", "HK$'000", "HK$'000"],
    ["Secured bank loans repayable:", "", ""],
    ["Within one year", "130,000", "110,000"],
    ["More than two years, but not exceeding five years", "190,000", "150,000"],
    ["More than five years", "55,000", "70,000"],
    ["", "375,000", "330,000"],
    ["Unsecured bank loans repayable:", "", ""],
    ["Within one year", "41,500", "60,200"],
    ["More than two years, but not exceeding five years", "36,000", "28,000"],
    ["", "77,500", "88,200"],
    ["Total bank borrowings", "452,500", "418,200"],
]
DEBT = [
    ["", "December 31, 2021", "", "December 31, 2020"],
    ["(in millions)", "Principal", "Carrying Value", "Carrying Value"],
    ["3.500% senior notes due 2026", "$ 1,200", "$ 1,193", "$ 1,191"],
    ["5.950% senior debentures due 2039", "900", "889", "888"],
    ["Total debt", "2,100", "2,082", "2,079"],
    ["Less: current portion", "—", "—", "—"],
    ["Long-term debt", "$ 2,100", "$ 2,082", "$ 2,079"],
]


def test_a_section_said_in_the_kind_and_a_loan_falling_due(tmp_path):
    table = table_from_rows(BORROWINGS, tmp_path, "borrowings")
    answers_each(
        table,
        # "unsecured" picks the section though it is said as the kind asked
        ("What unsecured borrowings were repayable between two and five years at 31 December 2020?", "28,000"),
        # "fell due" is no decrease
        ("What amount of secured loans fell due after more than five years in 2020?", "70,000"),
    )


def test_a_year_in_a_label_is_no_period_and_a_net_line_no_item(tmp_path):
    table = table_from_rows(DEBT, tmp_path, "debt")
    answers_each(
        table,
        # "due 2039" names the instrument: "the prior year-end" is still the earlier balance date
        ("What was the carrying value of the 5.950% debentures due 2039 at the prior year-end?", "888"),
        # "Long-term debt" is the total less a nil current portion: a total, not an instrument
        (
            "Which debt instrument had the largest principal amount outstanding at December 31, 2021?",
            "3.500% senior notes due 2026",
        ),
    )


def test_a_rate_row_belongs_to_the_line_above(tmp_path):
    table = table_from_rows(
        [
            ["(dollars in thousands)", "2022", "2023", "2024", "Thereafter", "Total"],
            ["Fixed rate debt", "$ 75,000", "$ 120,500", "$ 98,000", "$ 1,400,000", "$ 1,693,500"],
            ["Average interest rate", "4.40%", "4.15%", "3.90%", "3.85%", "3.89%"],
            ["Variable rate debt", "$ —", "$ 180,000", "$ 95,000", "$ —", "$ 275,000"],
            ["Average interest rate", "—", "3.55%", "3.10%", "—", "3.39%"],
        ],
        tmp_path,
        "maturities",
    )
    answers_each(
        table,
        ("What is the average interest rate on fixed rate debt maturing in 2023?", "4.15%"),
        ("What is the average interest rate on variable rate debt due in 2024?", "3.10%"),
    )


def test_statement_acronyms_and_a_year_that_names_no_column(tmp_path):
    table = table_from_rows(
        [
            ["", "Year Ended December 31,", ""],
            ["(in thousands, except per share data)", "2021", "2020"],
            ["Net income", "$ 52,100", "$ 47,300"],
            ["Net income per common share:", "", ""],
            ["Basic", "$ 1.31", "$ 1.19"],
            ["Diluted", "$ 1.28", "$ 1.16"],
            ["Weighted average common shares outstanding:", "", ""],
            ["Basic", "39,770", "39,750"],
            ["Diluted", "40,700", "40,780"],
        ],
        tmp_path,
        "eps",
    )
    # no label spells "EPS" (nor does the unit note): said in its words, "earnings" is the table's "income"
    answers_each(table, ("What was diluted EPS in 2021?", "$ 1.28"))
    table = table_from_rows(
        [
            ["", "Salary/fees", "", "Bonus", "", "Total", ""],
            ["£000", "2021", "2020", "2021", "2020", "2021", "2020"],
            ["Anna Price (CEO)", "790", "770", "610", "580", "1,400", "1,350"],
            ["Tom Reyes (CFO)", "505", "490", "380", "360", "885", "850"],
        ],
        tmp_path,
        "pay",
    )
    # "remuneration" is no "Salary/fees" column: a column named only by the year asked gains no other word
    answers_each(table, ("What was Anna Price's total remuneration in 2020?", "1,350"))


def test_the_head_noun_said_otherwise_decides_a_tie(tmp_path):
    # "turnover" is said "sales": "Net sales" and "Cost of sales" both hold it; the row whose head noun it is answers
    statement = [
        ["(in millions)", "2022", "2021"],
        ["Net sales", "$8,412", "$7,905"],
        ["Cost of sales", "5,337", "5,018"],
        ["Gross profit", "3,075", "2,887"],
    ]
    answers_each(
        table_from_rows(statement, tmp_path, "head_noun"),
        ("How much turnover did the company report in 2021?", "$7,905"),
        ("What was the cost of sales in 2022?", "5,337"),
    )


def test_words_spelling_a_written_acronym_name_its_column(tmp_path):
    # "weighted average exercise price" is the "WAEP" column, "average revenue per user" the "ARPU" row: the
    # question names them, it asks no average of cells
    options = [
        ["", "2022", "2022", "2021", "2021"],
        ["", "Number", "WAEP (€)", "Number", "WAEP (€)"],
        ["Outstanding at 1 January", "2,410,000", "12.40", "2,215,500", "11.85"],
        ["Granted during the year", "615,000", "14.10", "580,000", "13.20"],
        ["Outstanding at 31 December", "2,598,300", "12.95", "2,410,000", "12.40"],
    ]
    operating = [
        ["", "Q4 2022", "Q4 2021"],
        ["Postpaid phone ARPU", "$54.80", "$53.95"],
        ["Postpaid churn", "0.92%", "0.88%"],
    ]
    answers_each(
        table_from_rows(options, tmp_path, "waep"),
        ("What was the weighted average exercise price of options granted in 2022?", "14.10"),
        ("What was the weighted average exercise price of options outstanding at 1 January 2021?", "11.85"),
    )
    answers_each(
        table_from_rows(operating, tmp_path, "arpu"),
        ("What was postpaid phone average revenue per user in Q4 2021?", "$53.95"),
    )


def test_an_adjusted_measure_is_asked_by_its_word(tmp_path):
    # "the operating margin" is the plain measure, not the "Adjusted operating margin" beside it, whose label says
    # the question's words in a run
    kpis = [
        ["", "FY2023", "FY2022"],
        ["Operating profit margin", "11.2%", "10.4%"],
        ["Adjusted operating margin", "13.5%", "12.9%"],
        ["Net profit margin", "7.1%", "6.6%"],
    ]
    answers_each(
        table_from_rows(kpis, tmp_path, "kpis"),
        ("What was the operating margin in FY2023?", "11.2%"),
        ("What was the adjusted operating margin in FY2022?", "12.9%"),
    )
