"""Regressions on taking the asked cell of a table given (one test per cause): each builds its table as a CSV file
and asks the kind of question that went wrong. A wrong number is worse than a refusal."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.route import threshold


def test_a_fiscal_year_is_named_by_the_year_it_ends_in(tmp_path):
    june = [
        ["", "30 June 2019", "30 June 2018", "Change"],
        ["", "$'000", "$'000", "%"],
        ["Net profit/(loss) after tax", "(9,819)", "6,639", "(248%)"],
        ["Underlying EBITDA", "85,123", "62,575", "36%"],
    ]
    table = table_from_rows(june, tmp_path, "june")
    answer = answer_table(table, "What was the underlying EBITDA in FY19?")
    assert answer is not None and answer.value == "85,123"
    answer = answer_table(table, "What was the net profit/(loss) after tax in fiscal '18?")
    assert answer is not None and answer.value == "6,639"
    spans = [
        ["€ million", "2017/2018", "2018/2019"],
        ["Earnings before taxes EBT", "576", "709"],
        ["Income taxes", "−216", "−298"],
        ["Profit or loss for the period", "337", "−115"],
    ]
    table = table_from_rows(spans, tmp_path, "spans")
    answer = answer_table(table, "What were the income taxes in 2018?")
    assert answer is not None and answer.value == "−216"
    answer = answer_table(table, "In which year was the profit or loss for the period larger?")
    assert answer is not None and answer.label == "2018"


def test_a_row_holding_one_amount_answers_a_question_that_names_no_column(tmp_path):
    rows = [
        ["", "Weighted-Average Useful Lives (in years)", "Fair Value Amount"],
        ["Purchased technology", "4.2", "$232"],
        ["Customer relationships", "7.0", "215"],
        ["Total definite-lived intangible assets", "", "$492"],
    ]
    table = table_from_rows(rows, tmp_path, "intangibles")
    answer = answer_table(table, "What were the total definite-lived intangible assets?")
    assert answer is not None and answer.value == "$492"
    # a year the table names nowhere (the text around it dates it) is no other year: the amount answers it
    answer = answer_table(table, "What were the total definite-lived intangible assets in 2019?")
    assert answer is not None and answer.value == "$492"
    # a year its dated column does not name: this table does not answer it
    dated = [["", "Weighted-Average Useful Lives (in years)", "Fair Value Amount at December 31, 2018"], *rows[1:]]
    answer = answer_table(
        table_from_rows(dated, tmp_path, "dated"), "What were the total definite-lived intangible assets in 2019?"
    )
    assert answer is None or answer.value is None
    # a row with two amounts does not say which one is asked
    answer = answer_table(table, "What was the purchased technology?")
    assert answer is None or answer.value is None


def test_which_category_compares_the_named_row_across_category_columns(tmp_path):
    rows = [
        ["", "Transportation Systems", "Mission Solutions", "Global Defense", "Total"],
        ["Net balances at September 30, 2018", "49,786", "138,127", "145,713", "333,626"],
        ["Acquisitions", "206,988", "40,392", "—", "247,380"],
        ["Net balances at September 30, 2019", "254,592", "181,424", "142,081", "578,097"],
    ]
    table = table_from_rows(rows, tmp_path, "goodwill")
    answer = answer_table(table, "In which business segment was the net balances at September 30, 2018 the largest?")
    assert answer is not None and answer.value == "Global Defense"
    answer = answer_table(table, "Which segment had the smallest net balances at September 30, 2019?")
    assert answer is not None and answer.value == "Global Defense"


def test_how_many_of_what_a_row_is_named_takes_its_cell(tmp_path):
    rows = [
        ["", "2019", "2018", "Change"],
        ["Revenue", "$1,000", "$900", "11%"],
        ["Stores", "410", "395", "4%"],
        ["Employees", "5,000", "4,800", "4%"],
    ]
    table = table_from_rows(rows, tmp_path, "operations")
    answer = answer_table(table, "How many employees were there in 2019?")
    assert answer is not None and answer.value == "5,000"
    answer = answer_table(table, "How many stores were there at the end of 2018?")
    assert answer is not None and answer.value == "395"


def test_words_a_text_cell_shares_with_its_column_header_name_the_column_not_the_row(tmp_path):
    rows = [
        ["", "Estimated Useful Life", "2019", "2018"],
        ["Buildings", "40 years", "1,200", "1,100"],
        ["Computer equipment", "3-5 years", "300", "280"],
        ["Leasehold improvements", "Shorter of lease term or useful life", "80", "70"],
    ]
    table = table_from_rows(rows, tmp_path, "lives")
    answer = answer_table(table, "What is the useful life of buildings?")
    assert answer is not None and answer.value == "40 years"
    answer = answer_table(table, "What was the leasehold improvements in 2019?")
    assert answer is not None and answer.value == "80"


def test_an_operation_word_the_linked_column_is_named_by_names_the_column(tmp_path):
    rows = [
        ["Nation", "Gold", "Silver", "Bronze", "Total"],
        ["China", "20", "10", "5", "35"],
        ["Japan", "8", "9", "12", "29"],
        ["Korea", "3", "2", "1", "6"],
        ["Total", "31", "21", "18", "70"],
    ]
    table = table_from_rows(rows, tmp_path, "medals")
    answer = answer_table(table, "How many total medals did China receive?")
    assert answer is not None and answer.value == "35"
    answer = answer_table(table, "What was Korea's total medal count?")
    assert answer is not None and answer.value == "6"


def test_the_average_asked_is_the_stated_mean(tmp_path):
    rows = [
        ["", "Mean grams", "Share of energy (%)"],
        ["Total sugars", "101", "20"],
        ["Free sugars", "60", "12"],
        ["Fibre", "14", ""],
    ]
    table = table_from_rows(rows, tmp_path, "intake")
    answer = answer_table(table, "What is the average daily total sugars intake?")
    assert answer is not None and answer.value == "101"
    answer = answer_table(table, "What was the average free sugars intake in grams?")
    assert answer is not None and answer.value == "60"


def test_an_acronym_is_spelled_out_as_the_label_it_abbreviates(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Research and development expenses", "100", "90"],
        ["Selling, general and administrative expenses", "140", "120"],
        ["Depreciation and amortization", "30", "25"],
        ["Earnings per share", "1.10", "0.95"],
    ]
    table = table_from_rows(rows, tmp_path, "expenses")
    answer = answer_table(table, "What was the R&D expense in 2019?")
    assert answer is not None and answer.value == "100"
    answer = answer_table(table, "What was the SG&A in 2018?")
    assert answer is not None and answer.value == "120"
    answer = answer_table(table, "What was the D&A in 2018?")
    assert answer is not None and answer.value == "25"
    answer = answer_table(table, "What was the EPS in 2019?")
    assert answer is not None and answer.value == "1.10"


def test_word_order_links_the_row_when_every_word_is_in_every_row(tmp_path):
    rows = [
        ["", "2019", "", "2018", ""],
        ["", "Men", "Women", "Men", "Women"],
        ["Member aged 65 (current life expectancy)", "86.8", "88.9", "87.3", "89.3"],
        ["Member aged 45 (life expectancy at age 65)", "88.5", "90.7", "89.0", "91.1"],
    ]
    table = table_from_rows(rows, tmp_path, "members")
    # "member aged 65" is the first row's label word for word; the second holds the same words apart
    answer = answer_table(table, "In which year was the life expectancy for a male member aged 65 higher?")
    assert answer is not None and answer.label == "2018"
    answer = answer_table(table, "What was the life expectancy for a female member aged 65 in 2019?")
    assert answer is not None and answer.value == "88.9"
    answer = answer_table(table, "What was the life expectancy for a female member aged 45 in 2018?")
    assert answer is not None and answer.value == "91.1"


def test_when_asks_the_one_date_column_of_the_linked_record(tmp_path):
    rows = [
        ["Title", "Year", "Peak position", "Album"],
        ["Tonight", "2012", "102", "Five Beats of Hearts"],
        ["Love Sick", "2013", "70", "Five Beats of Hearts"],
        ["Skip", "2015", "—", "Non-album single"],
    ]
    table = table_from_rows(rows, tmp_path, "singles")
    answer = answer_table(table, "When was 'Skip' released?")
    assert answer is not None and answer.value == "2015"
    # two records fit the question as well as each other: no guess
    answer = answer_table(table, "When was the Five Beats of Hearts single released?")
    assert answer is None or answer.value is None
    dated = [
        ["Title", "Year", "Date of death", "Notes"],
        ["Beatrice II", "1205", "7 May 1231", "Countess"],
        ["Otto III", "1208", "19 June 1234", "Count"],
    ]
    table = table_from_rows(dated, tmp_path, "reigns")
    # two date columns: "when" does not say which
    answer = answer_table(table, "When did Beatrice II reign?")
    assert answer is None or answer.value is None


def test_a_count_asked_is_never_answered_with_a_percentage(tmp_path):
    rows = [
        ["County", "Brown", "Votes", "Nixon", "Votes"],
        ["Plumas", "66.44%", "3,397", "31.76%", "1,624"],
        ["Trinity", "64.58%", "2,201", "33.69%", "1,148"],
    ]
    table = table_from_rows(rows, tmp_path, "votes")
    for question in (
        "How many votes did Nixon receive in Plumas?",
        "What was the number of votes for Nixon in Plumas?",
    ):
        answer = answer_table(table, question)
        assert answer is None or answer.value != "31.76%"
    # a share asked: the percentage is the answer
    answer = answer_table(table, "What percent of the votes did Nixon receive in Plumas?")
    assert answer is not None and answer.value == "31.76%"


def test_a_heading_row_gives_way_to_the_one_item_whose_label_holds_its_words(tmp_path):
    rows = [
        ["", "2017", "2018", "2019"],
        ["Sales:", "", "", ""],
        ["Product and equipment sales to affiliates", "$30,303", "$26,069", "$10,436"],
        ["Purchases", "", "", ""],
        ["Purchases of resale inventories and services", "303,793", "256,660", "9,399"],
        ["Other", "", "", ""],
        ["Dividends paid", "52,983", "54,810", "56,028"],
    ]
    table = table_from_rows(rows, tmp_path, "affiliates")
    answer = answer_table(table, "What are the respective sales and purchases for 2017?")
    assert answer is not None and answer.value == "$30,303; 303,793"
    answer = answer_table(table, "What were the sales in 2018?")
    assert answer is not None and answer.value == "$26,069"
    eps = [
        ["", "2019", "2018"],
        ["Basic earnings per share (cents per share)", "", ""],
        ["Continuing operations", "114.3", "123.4"],
        ["Discontinued operations", "91.9", "9.2"],
        ["", "206.2", "132.6"],
    ]
    table = table_from_rows(eps, tmp_path, "eps")
    # the heading's unlabelled total line takes its place, not the first row under it
    answer = answer_table(
        table, "What is the difference for basic earnings per share (cents per share) between 2018 and 2019?"
    )
    assert answer is not None and answer.value == "73.6"
    several = [
        ["", "2019"],
        ["Liabilities:", ""],
        ["Accrued liabilities", "12.0"],
        ["Other liabilities", "3.5"],
    ]
    table = table_from_rows(several, tmp_path, "liabilities")
    # two items hold the heading's word: the question does not say which
    answer = answer_table(table, "What were the liabilities in 2019?")
    assert answer is None or answer.value is None


def test_a_choice_or_yes_no_question_is_not_answered_with_a_cell_it_does_not_name(tmp_path):
    rows = [
        ["Driver", "Team", "Laps", "Points"],
        ["Denny Hulme", "McLaren", "80", "9"],
        ["Jo Siffert", "BRM", "79", "6"],
    ]
    table = table_from_rows(rows, tmp_path, "race")
    for question, word in (
        ("Did Denny Hulme or Jo Siffert drive more laps?", "Denny Hulme"),  # the alternative the cells choose
        ("Does Jo Siffert have more or less points than Denny Hulme?", "less"),
        ("Was Jo Siffert's lap count above or below 75?", "above"),  # the cell against the number
    ):
        answer = answer_table(table, question)
        assert answer is None or answer.value in (None, word), question  # never a cell's number
    for question, word in (
        ("Did Denny Hulme or Jo Siffert drive more laps?", "Denny Hulme"),
        ("Was Jo Siffert's lap count above or below 75?", "above"),
    ):
        answer = answer_table(table, question)
        assert answer is not None and answer.value == word, question  # answered, not only not wrong
    # a wh-question still takes the cell
    answer = answer_table(table, "How many laps did Denny Hulme drive?")
    assert answer is not None and answer.value == "80"


def test_the_number_of_things_asked_is_never_a_text_cell(tmp_path):
    rows = [
        ["Season", "Driver", "Race", "Wins"],
        ["1984-85", "Claus Nielsen", "Zolder", "3"],
        ["1985-86", "Ryan Hunter", "Spa", "1"],
    ]
    table = table_from_rows(rows, tmp_path, "wins")
    answer = answer_table(table, "What was the number of races for Claus Nielsen?")
    assert answer is None or answer.value != "Zolder"
    answer = answer_table(table, "What was the number of wins for Claus Nielsen?")
    assert answer is not None and answer.value == "3"


def test_a_year_named_is_a_hard_constraint_on_rows_that_are_years(tmp_path):
    rows = [
        ["Fiscal year", "Operating leases", "Finance leases"],
        ["2020", "$1,200", "$300"],
        ["2021", "1,100", "280"],
        ["2022", "900", "250"],
        ["Total minimum lease payments", "3,200", "830"],
    ]
    table = table_from_rows(rows, tmp_path, "leases")
    # the total row shares more words with the question; the year picks the row, and "minimum lease payments",
    # the words of a label, ask for no minimum
    answer = answer_table(table, "What are the minimum lease payments for operating leases in 2020?")
    assert answer is not None and (answer.value, answer.label) == ("$1,200", None)
    answer = answer_table(table, "What are the total minimum lease payments for finance leases?")
    assert answer is not None and answer.value == "830"
    answer = answer_table(table, "What is the change in finance lease payments from 2020 to 2021?")
    assert answer is not None and float(answer.value) in (-20.0, 20.0)  # both years' rows are operands


def test_which_period_ranks_rows_that_are_the_periods_asked(tmp_path):
    prices = [
        ["Quarter", "High", "Low"],
        ["First", "$10.50", "$8.00"],
        ["Second", "$12.25", "$9.10"],
        ["Third", "$11.00", "$7.50"],
    ]
    table = table_from_rows(prices, tmp_path, "prices")
    answer = answer_table(table, "Which quarter had the highest High price?")
    assert answer is not None and answer.value == "Second"
    answer = answer_table(table, "Which quarter had the lowest Low price?")
    assert answer is not None and answer.value == "Third"
    years = [["", "Revenue", "Cost"], ["2019", "500", "300"], ["2018", "700", "350"], ["2017", "600", "200"]]
    answer = answer_table(table_from_rows(years, tmp_path, "years"), "Which year had the highest revenue?")
    assert answer is not None and answer.value == "2018"
    # rows that are no periods: a year asked is not one of them
    segments = [["Segment", "Revenue", "Cost"], ["Cloud", "500", "300"], ["Devices", "700", "350"]]
    answer = answer_table(table_from_rows(segments, tmp_path, "segments"), "Which year had the highest revenue?")
    assert answer is None or answer.value is None


def test_a_kind_of_figure_said_after_a_label_names_the_row(tmp_path):
    rows = [
        ["", "2019", "2018"],
        ["Total debt", "$500", "$400"],
        ["Total equity", "$1,000", "$1,000"],
        ["Debt to equity", "0.5", "0.4"],
    ]
    table = table_from_rows(rows, tmp_path, "leverage")
    answer = answer_table(table, "What was the Debt to equity ratio in 2019?")
    assert answer is not None and answer.value == "0.5"
    # a row of currency amounts is no ratio: "the gross profit ratio" is not the Gross profit cell
    margins = [["", "2019", "2018"], ["Revenue", "$1,000", "$800"], ["Gross profit", "$400", "$300"]]
    answer = answer_table(table_from_rows(margins, tmp_path, "margins"), "What was the gross profit ratio in 2019?")
    assert answer is None or answer.value != "$400"


def test_how_many_units_of_a_stated_length_is_a_value_not_a_count(tmp_path):
    rows = [
        ["", "", "December 31,", "Depreciable"],
        ["(dollars in millions)", "2019", "2018", "Lives (Years)"],
        ["Land and rights-of-way", "$117.2", "$117.2", "20 - Indefinite"],
        ["Buildings and leasehold improvements", "315.4", "305.2", "5 - 40"],
        ["Network equipment", "4,044.6", "3,913.3", "2 - 50"],
        ["Property, plant and equipment, net", "$1,780.8", "$1,844.0", ""],
    ]
    table = table_from_rows(rows, tmp_path, "lives")
    answer = answer_table(table, "How many years is the minimum lifespan of the land and rights-of-way?")
    assert answer is not None and answer.value == "20"
    answer = answer_table(table, "How many years is the maximum lifespan of network equipment?")
    assert answer is not None and answer.value == "50"
    # years that are periods are counted
    revenue = [["", "Years ended December 31,", "", ""], ["", "2019", "2018", "2017"], ["Revenue", "120", "90", "80"]]
    answer = answer_table(table_from_rows(revenue, tmp_path, "revenue"), "How many years did revenue exceed 85?")
    assert answer is not None and answer.value == "2"


def test_word_order_tells_apart_rows_holding_the_same_words(tmp_path):
    rows = [
        ["(In millions)", "", "", ""],
        ["Year Ended June 30,", "2019", "2018", "2017"],
        ["Effective Portion", "", "", ""],
        [
            "Gains recognized in other comprehensive income (loss), net of tax of $1, $11, and $4",
            "$ 159",
            "$ 219",
            "$ 328",
        ],
        ["Gains reclassified from accumulated other comprehensive income (loss) into revenue", "341", "185", "555"],
        ["Amount Excluded from Effectiveness Assessment and Ineffective Portion", "", "", ""],
        ["Losses recognized in other income (expense), net", "(64)", "(255)", "(389)"],
    ]
    table = table_from_rows(rows, tmp_path, "hedges")
    answer = answer_table(table, "What were the losses recognized in other income, net, as of 2019?")
    assert answer is not None and answer.value == "(64)"


def test_years_that_are_dates_are_no_stated_length(tmp_path):
    rows = [["Church", "Location", "Year built"], ["Alstad", "Levanger", "1902"], ["Bamberg", "Bamberg", "1998"]]
    table = table_from_rows(rows, tmp_path, "churches")
    answer = answer_table(table, "How many years after the Alstad church was built was the Bamberg church built?")
    assert answer is None or answer.value not in ("1902", "1998")


def test_a_total_number_asked_is_never_a_text_cell(tmp_path):
    rows = [["Code", "Glyph", "Description"], ["0", "NUL", "null"], ["35", "#", "number sign"], ["7", "BEL", "bell"]]
    table = table_from_rows(rows, tmp_path, "glyphs")
    answer = answer_table(table, "Give the total number of characters that do not have a glyph.")
    assert answer is None or answer.value not in ("#", "NUL", "BEL")


def test_how_many_times_larger_or_risen_between_two_periods_is_a_ratio(tmp_path):
    crops = [["", "2011", "2016"], ["", "acres", "acres"], ["Kale", "230", "1,120"], ["Garlic", "1,315", "2,251"]]
    table = table_from_rows(crops, tmp_path, "crops")
    answer = answer_table(table, "How many times does Kale crop area increase from 2011 to 2016?")
    assert answer is not None and answer.value is not None and abs(float(answer.value) - 1120 / 230) < 1e-9


def test_a_count_asked_is_never_a_cell_of_a_percentage_column(tmp_path):
    rows = [
        ["", "Number", "% of population aged 65 or older"],
        ["At nutritional risk", "979", "33.7"],
        ["Not at risk", "1,923", "66.3"],
    ]
    table = table_from_rows(rows, tmp_path, "risk")
    answer = answer_table(table, "How many Canadians aged 65 or older were at nutritional risk?")
    assert answer is None or answer.value != "33.7"


def test_an_amount_with_a_thousands_comma_is_a_bound_not_a_year(tmp_path):
    assert threshold("In which year was amortization lower than 2,000 thousands?") == (True, 2000.0)
    assert threshold("In which year was revenue higher than in 2019?") is None
    rows = [
        ["", "Year Ended December 31,", "", ""],
        ["", "2019", "2018", "2017"],
        ["Amortization of acquired intangibles", "2,114", "1,268", "1,614"],
        ["Stock-based compensation", "1,966", "2,306", "578"],
    ]
    table = table_from_rows(rows, tmp_path, "amortization")
    # two years lie under the bound: not the smallest one alone
    answer = answer_table(table, "In which year was Amortization of acquired intangibles lower than 2,000 thousands?")
    assert answer is None or answer.value != "2018"
    answer = answer_table(table, "In which year was Amortization of acquired intangibles lower than 1,300 thousands?")
    assert answer is not None and answer.value == "2018"


def test_how_many_rows_pass_a_stated_bound_in_the_one_column_named(tmp_path):
    rows = [
        ["", "2019 (1)", "2018", "2017 (2)"],
        ["Impairment charges", "$94.2", "$394.0", "$211.4"],
        ["Net losses on sales or disposals of assets", "45.1", "85.6", "32.8"],
        ["Other operating expenses", "27.0", "33.7", "11.8"],
        ["Total Other operating expenses", "$166.3", "$513.3", "$256.0"],
    ]
    table = table_from_rows(rows, tmp_path, "expenses")
    answer = answer_table(table, "How many expenses segments in 2019 were above $50 million?")
    assert answer is not None and answer.value == "1"
    answer = answer_table(table, "How many expenses segments in 2018 were below $100 million?")
    assert answer is not None and answer.value == "2"
    chart = [
        ["Year", "Single", "Chart Positions US Country"],
        ["1968", "A", "51"],
        ["1969", "B", "38"],
        ["1970", "C", "12"],
    ]
    answer = answer_table(
        table_from_rows(chart, tmp_path, "chart"), "How many US country chart positions were less than 40?"
    )
    assert answer is not None and answer.value == "2"


def test_a_footnote_mark_does_not_hide_the_row_asked(tmp_path):
    """ "Tamil films (1)" is the row "Tamil films"; "Regional films (excluding Tamil films)" says the words too.
    A row answer names the row without its mark."""
    rows = [
        ["", "2019", "2018", "2017"],
        ["Hindi films (1)", "7", "10", "8"],
        ["Regional films (excluding Tamil films) (1)", "49", "3", "12"],
        ["Tamil films (1)", "3", "1", "3"],
        ["Total (1)", "59", "14", "23"],
    ]
    table = table_from_rows(rows, tmp_path, "films")
    answer = answer_table(table, "How many Tamil films were released in 2018?")
    assert answer is not None and answer.value == "1"
    answer = answer_table(table, "Which films had the most releases in 2019?")
    assert answer is not None and answer.label == "Regional films (excluding Tamil films)"
    obligations = [["", "Total"], ["Long-term debt:", "10,556.6"], ["Operating leases:", "1,025.0"]]
    answer = answer_table(table_from_rows(obligations, tmp_path, "debt"), "Which obligation has the highest total?")
    assert answer is not None and answer.label == "Long-term debt"


def test_period_rows_with_a_nil_mark_are_still_periods(tmp_path):
    """Years as rows, measures as columns: a "—" in a year's row is an amount left empty, not a second label, so
    the 2019 row is a period like the others and a change between two years takes both rows."""
    rows = [
        ["", "Net income", "Dividends on preferred stock", "Dilutive securities"],
        ["2019", "$1,887.8", "—", "3,201"],
        ["2018", "$1,236.4", "(9.4)", "3,354"],
        ["2017", "$1,238.9", "(87.4)", "3,507"],
    ]
    table = table_from_rows(rows, tmp_path, "years")
    answer = answer_table(table, "What was the change in dilutive securities between 2018 and 2019?")
    assert answer is not None and answer.value is not None and float(answer.value) == -153


def test_a_column_label_said_whole_is_the_column_asked(tmp_path):
    """Two columns holding the same words: the one whose own label the question says whole is asked, as for rows."""
    rows = [
        ["Year", "Products net of sales", "Net sales of products"],
        ["2019", "950", "1,200"],
        ["2018", "900", "1,100"],
    ]
    table = table_from_rows(rows, tmp_path, "columns")
    answer = answer_table(table, "What were the net sales of products in 2019?")
    assert answer is not None and answer.value == "1,200"
