"""Key-value forms (a company profile, an infobox, a spec card): label | value pairs with no header of their own. A
question naming a label gets the value beside it, cited by its own cell; a table with column names is no form, and a
question naming two labels equally is not guessed. A column that says the same in every row answers a question
naming none of its rows. The tables are built as CSV files."""

from __future__ import annotations

import pytest

from tablerag.decomposition.forms import form_fields
from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table
from tablerag.qa.form import asked_field

PROFILE = [  # two columns; the first pair is a fact, not column names
    ["股票交易场所", "全国中小企业股份转让系统"],
    ["成立时间", "2006年11月29日"],
    ["挂牌时间", "2014年1月24日"],
    ["注册资本", "475,000,000.00"],
    ["主要产品与服务项目", "软件开发；软件销售；技术服务"],
]

INFOBOX = [  # a title over the form, a title over each pair, two pairs to a row
    ["Aircraft data", "Aircraft data", "Aircraft data", "Aircraft data"],
    ["Basic data", "Basic data", "Performance", "Performance"],
    ["Crew", "6-7", "Maximum speed", "865 km/h"],
    ["Length", "69.10 m", "Cruise speed", "800-850 km/h"],
    ["Wingspan", "73.30 m", "Service ceiling", "9500 m"],
    ["First flight", "26 December 1982", "Payload", "150 t"],
]

REGISTER = [  # column names over records: not a form
    ["Player", "Team", "Goals", "Club"],
    ["Ann Lee", "Reds", "12", "North FC"],
    ["Bo Chan", "Blues", "9", "South FC"],
    ["Cy Diaz", "Reds", "7", "North FC"],
]


@pytest.mark.parametrize(
    ("rows", "question", "answer"),
    [
        (PROFILE, "请问,该公司的成立时间是哪天？", "2006年11月29日"),
        (PROFILE, "你知道该公司的注册资本是多少吗？", "475,000,000.00"),
        (PROFILE, "该公司在哪个股票交易场所挂牌？", "全国中小企业股份转让系统"),  # the first pair is a fact too
        (INFOBOX, "When was the first flight of the An-124?", "26 December 1982"),
        (INFOBOX, "What is the cruise speed?", "800-850 km/h"),
        (INFOBOX, "What payload does the aircraft carry?", "150 t"),
        # a title line above the first pair, and footnote marks on labels, leave a form a form
        ([["公司基本情况", ""], *PROFILE], "请问,该公司的成立时间是哪天？", "2006年11月29日"),
        ([[f"{k} (1)", v] for k, v in PROFILE], "你知道该公司的注册资本是多少吗？", "475,000,000.00"),
    ],
)
def test_a_form_answers_with_the_value_beside_the_label_named(tmp_path, rows, question, answer):
    table = table_from_rows(rows, tmp_path, "form")
    found = answer_table(table, question)
    assert found is not None and not found.refused, found
    assert found.value == answer
    (where,) = found.citations
    r, c = next((r, c) for r, row in enumerate(rows) for c, text in enumerate(row) if text == answer)
    assert (table.row_label(where["row"]), where["col"]) == (r + 1, c)  # the value's own cell (file line, column)


def test_an_infobox_with_a_sub_labelled_field_and_a_value_across_the_row_is_a_form(tmp_path):
    person = [
        ["Personal data", "Personal data", "Personal data", "Personal data"],
        ["Name", "Joker Xue", "Date of birth", "17 July 1983"],
        ["Alma mater", "Glion Institute", "Occupation", "Singer"],
        [
            "Awards",
            "Most popular singer-songwriter",
            "Most popular singer-songwriter",
            "Most popular singer-songwriter",
        ],
        ["Label", "former", "Ocean Butterflies", "Ocean Butterflies"],
        ["Label", "current", "Chaoshi Music", "Chaoshi Music"],
    ]
    table = table_from_rows(person, tmp_path, "person")
    assert [f.key for f in form_fields(table)][-2:] == ["Label former", "Label current"]
    for question, answer in [
        ("Which school did he graduate from, his alma mater?", "Glion Institute"),
        ("What is his current label?", "Chaoshi Music"),
        ("Which awards did he win?", "Most popular singer-songwriter"),
    ]:
        found = answer_table(table, question)
        assert found is not None and found.value == answer, (question, found)


def test_a_table_with_column_names_is_no_form(tmp_path):
    table = table_from_rows(REGISTER, tmp_path, "register")
    assert form_fields(table) == []
    assert asked_field(table, "What team is Ann Lee in?") is None
    dated = [["Title", "Year", "Date of death", "Notes"], ["Beatrice II", "1205", "7 May 1231", "Countess"]]
    dated.append(["Otto III", "1208", "19 June 1234", "Count"])
    assert form_fields(table_from_rows(dated, tmp_path, "reigns")) == []  # a date is a value, never a field's label
    releases = [["Country", "Date", "Format", "Label"], ["Italy", "31 October 2011", "CD single", "Step and Go"]]
    releases.append(["Various", "14 February 2012", "Digital download", "Roton"])
    assert form_fields(table_from_rows(releases, tmp_path, "releases")) == []  # "Date" names a column of dates
    amounts = [["Item", "Amount"], ["Revenue", "1,200"], ["Staff costs", "300"], ["Rent", "80"]]
    assert form_fields(table_from_rows(amounts, tmp_path, "amounts")) == []
    assert len(form_fields(table_from_rows(amounts[1:], tmp_path, "figures"))) == 3  # no header: a form of amounts


def test_a_form_with_a_label_said_twice_is_no_form(tmp_path):
    rows = [["Name", "Acme", "Founded", "1999"], ["City", "Oslo", "Name", "Acme ASA"], ["Staff", "40", "CEO", "Kim"]]
    assert form_fields(table_from_rows(rows, tmp_path, "twice")) == []


def test_two_labels_named_equally_are_not_guessed(tmp_path):
    table = table_from_rows(INFOBOX, tmp_path, "infobox")
    assert asked_field(table, "What is the speed?") is None  # "Maximum speed" and "Cruise speed" say it alike
    assert asked_field(table, "What is the maximum speed?").key == "Maximum speed"


SPEC = [  # a product's maker and description merged down the whole register of its parameters
    ["Device", "Maker", "Parameter", "Value"],
    ["RY-5 machining centre", "Shandong Precision Co.", "X travel", "650 mm"],
    ["RY-5 machining centre", "Shandong Precision Co.", "Y travel", "450 mm"],
    ["RY-5 machining centre", "Shandong Precision Co.", "Spindle speed", "15000 rpm"],
]


def test_a_column_saying_the_same_in_every_row_answers_a_question_naming_no_row(tmp_path):
    found = answer_table(table_from_rows(SPEC, tmp_path, "spec"), "Who is the maker of the RY-5 machining centre?")
    assert found is not None and not found.refused, found
    assert found.value == "Shandong Precision Co."
    assert (found.citations[0]["row"], found.citations[0]["col"]) == (1, 1)


def test_a_column_whose_rows_differ_or_are_nil_names_no_row_by_itself(tmp_path):
    makers = [SPEC[0], *(row[:1] + [f"Maker {i}"] + row[2:] for i, row in enumerate(SPEC[1:]))]
    found = answer_table(table_from_rows(makers, tmp_path, "makers"), "Who is the maker of the RY-5 machining centre?")
    assert found is None or found.value is None
    nil = [SPEC[0], *(row[:1] + ["—"] + row[2:] for row in SPEC[1:])]
    found = answer_table(table_from_rows(nil, tmp_path, "nil"), "Who is the maker of the RY-5 machining centre?")
    assert found is None or found.value is None


DEVICES = [  # one "Parameters" header over a name column and a value column, each name repeated for every device
    ["Device", "Made", "Parameters", "Parameters"],
    ["Alpha thermometer", "2003", "Model", "AWF-234"],
    ["Alpha thermometer", "2003", "Range", "0-120°"],
    ["Beta thermometer", "2005", "Model", "UCA-23"],
    ["Beta thermometer", "2005", "Range", "-25-100°"],
]


def test_a_name_value_pair_of_columns_answers_with_the_value_of_the_name_asked(tmp_path):
    found = answer_table(table_from_rows(DEVICES, tmp_path, "devices"), "What is the range of the Beta thermometer?")
    assert found is not None and not found.refused, found
    assert found.value == "-25-100°"
    assert (found.citations[0]["row"], found.citations[0]["col"]) == (4, 3)


def test_two_values_of_one_kind_under_one_header_are_no_name_value_pair(tmp_path):
    routes = [
        ["Route", "Name", "Terminals", "Terminals"],
        ["31", "Wisconsin Avenue Line", "Friendship Heights", "Potomac Park"],
        ["42", "Mount Pleasant Line", "Mount Pleasant", "Gallery Place"],
        ["52", "Fourteenth Street Line", "Takoma", "L'Enfant Plaza"],
    ]
    found = answer_table(table_from_rows(routes, tmp_path, "routes"), "What is listed for Mount Pleasant?")
    assert found is None or found.value != "Gallery Place"  # one terminal is not the name of the other


def test_a_form_label_is_never_an_answer(tmp_path):
    guarantee = [
        ["担保方", "范凌君"],
        ["被担保方", "上海竞天科技股份有限公司"],
        ["担保金额", "37,000,000.00"],
        ["担保起始日", "2019-3-22"],
        ["担保到期日", "2025-9-29"],
    ]
    table = table_from_rows(guarantee, tmp_path, "guarantee")
    # read as rows under a "担保方" column, the question's company named the row and the label "被担保方" was taken
    found = answer_table(table, "上海竞天科技股份有限公司担保到什么时候？")
    assert found is None or found.value != "被担保方"
    found = answer_table(table, "担保到期日是哪天？")
    assert found is not None and found.value == "2025-9-29"


def test_a_key_value_block_above_a_sheets_table_answers_its_fields(tmp_path):
    """An ERP-style export: company, period, currency and author as label | value pairs over the report's table."""
    import openpyxl

    import tablerag

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Report"
    for row in [
        ["Company", "Acme Trading GmbH"],
        ["Reporting period", "Q1 2024"],
        ["Currency", "EUR"],
        ["Prepared by", "Finance department"],
        [],
        ["Item", "January", "February", "March"],
        ["Sales", 100, 120, 130],
        ["Cost of sales", 50, 60, 65],
    ]:
        ws.append(row)
    path = tmp_path / "report.xlsx"
    wb.save(path)
    tables = tablerag.parse(path).tables

    def ask(question):
        return next((a for t in tables if (a := answer_table(t, question)) is not None and a.value is not None), None)

    for question, value, where in [
        ("What is the currency?", "EUR", (2, 1)),
        ("Who prepared the report?", "Finance department", (3, 1)),
        ("What were the sales in February?", "120", (1, 2)),
    ]:
        found = ask(question)
        assert found is not None and found.value == value, (question, found)
        assert (found.citations[0]["row"], found.citations[0]["col"]) == where
        assert found.citations[0]["sheet"] == "Report"
