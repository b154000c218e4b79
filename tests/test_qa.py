"""Answers: routing, cited lookups, aggregates by SQL in the sandbox, refusals, injected SQL, the query log."""

from __future__ import annotations

import json
import re
from pathlib import Path

import duckdb
import pytest

import tablerag
from tablerag.eval.qa import numbers_match, table_from_rows
from tablerag.parsing import parse
from tablerag.qa.answer import NOT_FOUND, answer_table, ask
from tablerag.qa.route import Intent, RouteKind, rule_route
from tablerag.qa.sql import VIEW_NAME, Sandbox, UnsafeSqlError, typed_view, validate_select

SCALES = {"": 1.0, "thousand": 1e3, "million": 1e6, "billion": 1e9, "percent": 1.0}
INJECTED = [
    "SELECT 1; DROP TABLE cells",
    "SELECT * FROM t; DROP TABLE t",
    "ATTACH '/tmp/x.db' AS x",
    "COPY cells TO '/tmp/x.csv'",
    "COPY (SELECT * FROM t) TO '/tmp/x.csv'",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM '/etc/passwd'",
    "SELECT * FROM glob('/etc/*')",
    "INSTALL httpfs",
    "LOAD httpfs",
    "PRAGMA database_list",
    "SET threads = 1",
    "CREATE TABLE x AS SELECT 1",
    "INSERT INTO t VALUES (1)",
    "UPDATE t SET _row = 0",
    "DELETE FROM t",
    "DROP TABLE t",
    "EXPORT DATABASE '/tmp/x'",
    "CALL pragma_version()",
    "SELECT * FROM cells",
    "SELECT * FROM main.t",
]


@pytest.mark.parametrize(
    ("question", "intent"),
    [
        ("What is the total revenue in 2019?", Intent.TOTAL),
        ("Какова сумма выручки за 2019 год?", Intent.TOTAL),
        ("Итого по Москве за год", Intent.TOTAL),
        ("Wie hoch ist die Summe der Umsätze?", Intent.TOTAL),
        ("Jaka jest suma sprzedaży w 2019?", Intent.TOTAL),
        ("2019年销售额合计是多少？", Intent.TOTAL),
        ("What is the average salary?", Intent.AVERAGE),
        ("Каково среднее значение выручки?", Intent.AVERAGE),
        ("Wie hoch ist der Durchschnitt?", Intent.AVERAGE),
        ("Jaka jest średnia cena?", Intent.AVERAGE),
        ("平均价格是多少？", Intent.AVERAGE),
        ("What is the percentage change in revenue from 2018 to 2019?", Intent.PERCENT_CHANGE),
        ("What was the change in Other in 2019 from 2018?", Intent.DIFFERENCE),
        ("Какова разница между 2019 и 2018?", Intent.DIFFERENCE),
        ("What is the ratio of A to B?", Intent.RATIO),
        ("Which company had the highest revenue?", Intent.MAX),
        ("Какая сеть имеет наименьшую выручку?", Intent.MIN),
        ("top 5 products by sales", Intent.TOP_N),
        ("How many years had sales above 10?", Intent.COUNT),
        ("Which is larger, A or B?", Intent.COMPARE),
    ],
)
def test_routing_rules_per_language(question, intent):
    route = rule_route(question)
    assert route.kind is RouteKind.AGGREGATE and route.intent is intent


@pytest.mark.parametrize("question", ["Является ли Северянка нашим партнёром?", "What was Fixed Price in 2018?"])
def test_plain_questions_route_to_lookup(question):
    assert rule_route(question).kind is RouteKind.LOOKUP


@pytest.fixture(scope="module")
def tatqa(shared_data, tmp_path_factory):
    contexts = json.loads((shared_data / "tat-qa" / "tatqa_dataset_dev.json").read_text(encoding="utf-8"))
    folder = tmp_path_factory.mktemp("tatqa")
    return {
        c["table"]["uid"]: (c, table_from_rows(c["table"]["table"], folder, f"t{i}")) for i, c in enumerate(contexts)
    }


# (table uid, question) pairs from TAT-QA dev whose gold answers are arithmetic over the table
TATQA_CASES = [
    ("1b2ca134-09ae-4936-bc3d-453699823f6e", "What is the total ending goodwill for the years 2018 and 2019?", "total"),
    (
        "1b2ca134-09ae-4936-bc3d-453699823f6e",
        "What is the average ending goodwill for the 2 year period from 2018 to 2019?",
        "average",
    ),
    ("6abeb5d3-0dfa-497f-a7db-bda257756a99", "What was the change in Additions in 2019 from 2018?", "difference"),
    (
        "e573a09b-3053-4c6e-9766-3cce1d2c087d",
        "What is the percentage change in the net investment in finance lease from 2018 to 2019?",
        "percent_change",
    ),
]


@pytest.mark.parametrize(("uid", "question", "intent"), TATQA_CASES)
def test_aggregate_matches_tatqa_gold_and_cites_every_cell(tatqa, uid, question, intent):
    context, table = tatqa[uid]
    gold = next(q for q in context["questions"] if q["question"] == question)
    answer = answer_table(table, question)
    assert answer is not None and answer.intent == intent and answer.sql
    assert numbers_match(answer.value, gold["answer"], SCALES[gold["scale"]]), (answer.value, gold["answer"])
    assert len(answer.citations) >= 2 and all({"file", "row", "col", "column"} <= set(c) for c in answer.citations)
    assert not re.search(r"\.\d{3,}0{3,}", answer.value)  # exact decimal text, no float noise


def test_lookup_takes_the_cell_with_citation(tatqa, repo):
    doc = parse(repo / "examples" / "tatqa-sales-by-contract-type.csv")
    answer = answer_table(doc.tables[0], "What was the Fixed Price in 2018?")
    assert answer is not None and answer.value == "$ 1,146.2"
    (cite,) = answer.citations
    assert cite["row"] == 2 and cite["column"] == "3" and cite["file"].endswith(".csv")


def test_argmax_across_years_names_the_year(repo):
    doc = parse(repo / "examples" / "tatqa-sales-by-contract-type.csv")
    answer = answer_table(doc.tables[0], "In which year is the amount of total sales the largest?")
    assert answer is not None and answer.value == "2019" and answer.citations


@pytest.mark.parametrize("sql", INJECTED)
def test_injected_statements_are_refused(sql):
    with pytest.raises(UnsafeSqlError):
        validate_select(sql, {VIEW_NAME})


def test_sandbox_refuses_and_changes_nothing(repo, tmp_path):
    doc = parse(repo / "examples" / "tatqa-sales-by-contract-type.csv")
    log: list = []
    box = Sandbox({VIEW_NAME: typed_view(doc.tables[0])}, on_query=log.append)
    before = box.run(f"SELECT count(*) FROM {VIEW_NAME}").rows
    for sql in INJECTED:
        with pytest.raises(UnsafeSqlError):
            box.run(sql.replace("/tmp/", f"{tmp_path}/"))
    assert box.run(f"SELECT count(*) FROM {VIEW_NAME}").rows == before
    assert not list(tmp_path.iterdir())  # no file was written or attached
    with pytest.raises(duckdb.Error):  # even past the validator, the sandbox has no file access
        box.con.execute(f"COPY {VIEW_NAME} TO '{tmp_path}/y.csv'")
    assert len(log) == len(INJECTED) + 2 and sum(not e.ok for e in log) == len(INJECTED)


def test_header_names_are_quoted_not_executed(tmp_path):
    rows = [["name", 'x"; DROP TABLE t; --'], ["a", "1"], ["b", "2"]]
    table = table_from_rows(rows, tmp_path, "evil")
    answer = answer_table(table, 'What is the total x"; DROP TABLE t; --?')
    assert answer is not None and answer.value == "3" and answer.sql


@pytest.fixture(scope="module")
def qa_index(tmp_path_factory, repo):
    root = tmp_path_factory.mktemp("qa")
    index = tablerag.Index(root / "index")
    index.add([repo / "examples" / "tatqa-sales-by-contract-type.csv"], version="v1")
    yield index
    index.close()


@pytest.mark.parametrize(
    "question", ["Who won the 1998 football world cup?", "What is the population of Mars in 2019?"]
)
def test_unlinked_question_is_refused(qa_index, question):
    answer = qa_index.ask(question).answer
    assert answer is not None and answer.refused and answer.text == NOT_FOUND
    assert answer.value is None and not answer.citations and answer.closest


def test_ask_logs_every_sql_and_cites_numbers(qa_index):
    cells = qa_index.store.count("cells")
    result = ask(qa_index, "What is the change in Other in 2019 from 2018?; DROP TABLE cells", session="s1")
    answer = result.answer
    assert answer is not None and answer.value == "-12.6" and answer.sql
    assert all(c["version"] == "v1" for c in answer.citations)
    log = qa_index.store.queries.latest(session="s1")
    assert log and log[0]["sql"] == answer.sql and log[0]["question"].startswith("What is the change")
    assert qa_index.store.count("cells") == cells


def _numbers(text: str) -> list[str]:
    return re.findall(r"\d+(?:[.,]\d+)*", text)


@pytest.mark.parametrize(
    "question",
    [
        "What is the amount of total sales in 2019?",
        "What is the percentage change in Other in 2019 from 2018?",
        "What is the average of Other in 2019 and 2018?",
    ],
)
def test_every_number_in_an_answer_has_a_citation(qa_index, question):
    answer = qa_index.ask(question).answer
    assert answer is not None and not answer.refused
    assert answer.value is not None and _numbers(answer.value)
    assert answer.citations and all(c.get("row") is not None and c.get("col") is not None for c in answer.citations)


def test_cli_query_json_keeps_contract(qa_index):
    out = qa_index.ask("What is the percentage change in Other in 2019 from 2018?").to_dict()
    assert {"question", "hits", "answer"} <= set(out)
    assert {"text", "value", "citations", "sql", "intent", "route"} <= set(out["answer"])
    assert Path(out["answer"]["citations"][0]["file"]).name == "tatqa-sales-by-contract-type.csv"


def test_row_and_time_limits(repo, monkeypatch):
    import tablerag.qa.sql as sql

    doc = parse(repo / "examples" / "tatqa-sales-by-contract-type.csv")
    box = Sandbox({VIEW_NAME: typed_view(doc.tables[0])})
    monkeypatch.setattr(sql, "MAX_RESULT_ROWS", 1)
    result = box.run(f"SELECT * FROM {VIEW_NAME}")
    assert len(result.rows) == 1 and result.truncated
    monkeypatch.setattr(sql, "QUERY_TIMEOUT_S", 0.2)
    joins = ", ".join(f"{VIEW_NAME} x{i}" for i in range(20))  # 3^20 row combinations: far past the limit
    total = " + ".join(f"x{i}._row" for i in range(20))
    with pytest.raises(duckdb.Error):
        box.run(f"SELECT sum(hash({total})) FROM {joins}")
    box.close()


def test_what_percent_over_a_percent_table_takes_the_stated_cell(shared_data):
    """Regression: "What percent of X were Y" on HiTab's percent table was computed as a ratio of two cells."""
    from tablerag.parsing import parse
    from tablerag.qa.answer import answer_table

    table = parse(shared_data / "hitab-statcan-xlsx" / "xlsx" / "1.xlsx").tables[0]
    answer = answer_table(table, "What percent of French-language workers in agricultural region 3 were married?")
    assert answer is not None and answer.value == "47.8" and answer.route == "lookup"
    assert answer.citations[0]["sheet_row"] == 11 and answer.citations[0]["column"] == "D"


def test_percent_change_between_two_rows_of_one_column(tmp_path):
    """Regression: two named rows in one column (no year columns) raised UnboundLocalError ('years')."""
    table = table_from_rows([["Item", "Revenue"], ["Hardware", "120"], ["Software", "150"]], tmp_path, "rows")
    answer = answer_table(table, "What is the percentage change in revenue from Hardware to Software?")
    assert answer is not None and answer.intent == "percent_change"
    assert answer.value == "25" and [(c["row"], c["col"]) for c in answer.citations] == [(2, 1), (1, 1)]
