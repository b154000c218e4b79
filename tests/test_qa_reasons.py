"""A question asking why (为什么, 什么原因, "the reason", warum, почему) is answered by the text of the one column that
gives reasons, in the linked row; the amount stays the answer when the amount is asked. Each test builds its table
as a CSV file."""

from __future__ import annotations

from tablerag.eval.qa import table_from_rows
from tablerag.qa.answer import answer_table

CHANGES_ZH = [
    ["项目", "期末余额", "期初余额", "变动金额", "变动原因"],
    ["预收账款", "3,120,000.00", "1,020,000.00", "2,100,000.00", "本期新签合同增加，预收款项增加"],
    ["应付职工薪酬", "850,000.00", "910,000.00", "-60,000.00", "年终奖金发放"],
]

CHANGES_EN = [
    ["Item", "2021", "2020", "Change", "Reason for change"],
    ["Contract liabilities", "3,120", "1,020", "2,100", "Advance payments on new contracts"],
    ["Accrued payroll", "850", "910", "(60)", "Year-end bonuses paid"],
]


def test_a_reason_asked_is_the_reason_columns_text(tmp_path):
    zh = table_from_rows(CHANGES_ZH, tmp_path, "zh")
    answer = answer_table(zh, "预收账款变动是什么原因？")
    assert answer is not None and answer.value == "本期新签合同增加，预收款项增加"
    assert (answer.citations[0]["row"], answer.citations[0]["col"]) == (1, 4)
    amount = answer_table(zh, "应付职工薪酬的变动金额是多少？")
    assert amount is not None and amount.value == "-60,000.00"
    en = table_from_rows(CHANGES_EN, tmp_path, "en")
    why = answer_table(en, "Why did contract liabilities change in 2021?")
    assert why is not None and why.value == "Advance payments on new contracts"
    assert answer_table(en, "What was the change in accrued payroll?").value == "(60)"
