"""Template sentences and triples per value cell, in the table's language."""

from __future__ import annotations

import pytest
from helpers import grid_table

from tablerag.decomposition.records import RecordOptions, Tags, table_records
from tablerag.decomposition.sentences import CellFact, detect_lang, sentence, triple, value_with_unit


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Net sales by region", "en"),
        ("Продажи по регионам", "ru"),
        ("Umsatz nach Größe", "de"),
        ("Przychód netto według oddziałów", "pl"),
        ("营业收入 2019年", "zh"),
    ],
)
def test_detect_lang(text, lang):
    assert detect_lang(text) == lang


@pytest.mark.parametrize(
    ("fact", "expected"),
    [
        (CellFact("Sales", "Other", "2019", "44.1", "million"), "In Sales, 2019 for Other is 44.1 [million]."),
        (CellFact("Сети", "СЕВЕРЯНКА", "Партнёр", "Да"), "В таблице Сети: Партнёр для «СЕВЕРЯНКА» — Да."),
        (CellFact("Umsatz", "Größe", "2024", "12"), "In Umsatz beträgt 2024 für Größe 12."),
        (
            CellFact("Oddziały", "Gdańsk", "Przychód", "1 247 890"),
            "W tabeli Oddziały: Przychód dla Gdańsk wynosi 1 247 890.",
        ),
        (CellFact("利润表", "营业收入", "2019年", "3.5亿"), "在利润表中，营业收入的2019年为3.5亿。"),
    ],
)
def test_sentence_per_language(fact, expected):
    assert sentence(fact) == expected


def test_triple_and_unit_not_repeated():
    assert triple(CellFact("T", "Other", "2019", "44.1", "million")) == "T: Other | 2019 | 44.1 [million]"
    assert value_with_unit("12 %", "%") == "12 %"


@pytest.mark.parametrize(("form", "n_per_cell"), [("none", 0), ("triple", 1), ("sentence", 1), ("both", 2)])
def test_cell_records_per_form(form, n_per_cell):
    table = grid_table([["Region", "2019", "2018"], ["North", "10", "12"], ["South", "7", "9"]], header_rows=1)
    records = table_records(table, Tags(), options=RecordOptions(cells=form))
    facts = [r for r in records if r.kind == "fact"]
    assert len(facts) == 4 * n_per_cell  # 2 rows x 2 value columns; the stub "North"/"South" is no fact
    assert all(r.provenance.row in (1, 2) and r.provenance.col in (1, 2) for r in facts)
    if form == "sentence":
        assert any(r.text.endswith("2019 for North is 10.") for r in facts)
