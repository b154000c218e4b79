"""HiTab's annotated questions read from a workbook the test writes: an answer of several cells is every one of
them (each once), and an answer listing them in any order is right."""

from __future__ import annotations

import openpyxl

from tablerag.eval.qa import hitab_items, hitab_ok
from tablerag.qa.result import Answer


def _workbook(path, answers):
    wb = openpyxl.Workbook()
    orig = wb.active
    orig.title = "original"
    for row in (["Crop", "2011", "2016"], ["Garlic", 624926, 583616], ["Kiwi", 21845, 4425], ["Quinoa", 1, 2]):
        orig.append(row)
    lab = wb.create_sheet("labeling")
    lab.append(["question rewrite:", "Which crops decreased from 2011 to 2016?"])
    lab.append(["answer (formula):", *answers])
    lab.append(["aggregation type:", "Compare"])
    wb.save(path)
    return path


def test_every_answer_cell_is_gold_once(tmp_path):
    path = _workbook(tmp_path / "1.xlsx", ["Garlic", "Kiwi", "Kiwi"])
    ((question, agg, gold),) = list(hitab_items(path))
    assert question.startswith("Which crops") and agg == "compare" and gold == ["Garlic", "Kiwi"]
    path = _workbook(tmp_path / "2.xlsx", ["=B2"])
    assert [g for _, _, g in hitab_items(path)] == [[624926]]


def test_several_answers_are_right_in_any_order_and_only_all_together():
    gold = ["Garlic", "Kiwi"]
    assert hitab_ok(Answer("", "Kiwi; Garlic", label="Kiwi; Garlic"), gold)
    assert not hitab_ok(Answer("", "Garlic", label="Garlic"), gold)
    assert not hitab_ok(Answer("", "Garlic; Kiwi; Quinoa", label="Garlic; Kiwi; Quinoa"), gold)
    assert hitab_ok(Answer("", "583616"), [583616])


def test_an_answer_row_left_empty_is_never_right(tmp_path):
    path = _workbook(tmp_path / "3.xlsx", [])
    ((_, _, gold),) = list(hitab_items(path))
    assert not hitab_ok(Answer("", "Garlic", label="Garlic"), gold)


def test_a_listed_label_holding_a_semicolon_is_one_answer():
    gold = ["Sweet potatoes", "True hemp; tow and waste of true hemp"]
    assert hitab_ok(Answer("", "True hemp; tow and waste of true hemp; Sweet potatoes"), gold)
