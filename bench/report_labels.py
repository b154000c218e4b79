"""Report labels: small tables of the shapes real financial reports print, written for this probe (no data set holds
them), asked questions whose answer is a label (a year, a quarter, a segment, an item) or a labelled lookup: "in which
year was X larger / the highest / less than 15,000 thousand", "which segment had the highest X in 2019", "which item
had the largest increase", "what was the largest component of X", "what was the maximum exposure ...", the same in
German, Polish, Russian and Chinese. Table given, no LLM; the companion of bench/report_shapes.py (one-cell lookups).

Run: ``python bench/report_labels.py [--show]`` -> right / wrong / refused, also in bench/out/report_labels.json.
Written beside the rules it checks: its figure shows they hold, not that they generalise (the TAT-QA kept part and
the holdout say that).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.qa import table_from_rows  # noqa: E402
from tablerag.qa.answer import answer_table  # noqa: E402

T: dict[str, list[list[str]]] = {
    "two_years": [
        ["", "2019", "2018"],
        ["Revenue", "1,200", "1,000"],
        ["Cost of sales", "(700)", "(650)"],
        ["Gross profit", "500", "350"],
        ["Operating expenses", "(300)", "(320)"],
        ["Net income", "200", "30"],
    ],
    "three_years": [
        ["(in thousands)", "2019", "2018", "2017"],
        ["Revenue", "14,500", "16,200", "12,800"],
        ["Research and development", "3,100", "2,900", "3,400"],
        ["Net income", "1,200", "1,900", "800"],
    ],
    "fy": [
        ["", "FY19", "FY18"],
        ["Revenue", "980", "1,050"],
        ["EBITDA", "210", "190"],
        ["Capital expenditure", "75", "90"],
    ],
    "fy_slash": [["", "2018/19", "2017/18"], ["Revenue", "5,400", "5,100"], ["Operating profit", "610", "640"]],
    "quarters": [
        ["", "First Quarter", "Second Quarter", "Third Quarter", "Fourth Quarter"],
        ["Revenues", "94,888", "96,037", "88,495", "84,380"],
        ["Gross profit", "38,091", "39,821", "36,381", "33,471"],
        ["Net income", "12,100", "11,050", "9,870", "10,200"],
    ],
    "q_digits": [
        ["", "Q1 2019", "Q2 2019", "Q3 2019", "Q4 2019"],
        ["Revenue", "100", "110", "95", "130"],
        ["Operating loss", "(12)", "(8)", "(15)", "(3)"],
    ],
    "segments": [
        ["", "2019", "2018"],
        ["Revenue:", "", ""],
        ["Americas", "500", "450"],
        ["EMEA", "300", "320"],
        ["Asia Pacific", "200", "150"],
        ["Total revenue", "1,000", "920"],
        ["Operating income:", "", ""],
        ["Americas", "60", "55"],
        ["EMEA", "40", "28"],
        ["Asia Pacific", "25", "30"],
        ["Total operating income", "125", "113"],
    ],
    "seg_cols": [
        ["", "Consumer", "Commercial", "Industrial", "Total"],
        ["Revenue", "4,200", "3,100", "2,500", "9,800"],
        ["Operating income", "610", "720", "300", "1,630"],
        ["Assets", "2,000", "2,900", "1,800", "6,700"],
    ],
    "two_level": [
        ["", "2019", "", "2018", ""],
        ["", "Products", "Services", "Products", "Services"],
        ["Revenue", "800", "300", "700", "350"],
        ["Gross margin", "320", "150", "290", "160"],
    ],
    "components": [
        ["", "2019", "2018"],
        ["Deferred tax assets:", "", ""],
        ["Net operating loss carryforwards", "12,400", "10,100"],
        ["Tax credits", "3,200", "4,800"],
        ["Accrued liabilities", "2,100", "1,900"],
        ["Stock-based compensation", "1,500", "1,700"],
        ["Total deferred tax assets", "19,200", "18,500"],
    ],
    "pct_beside": [
        ["", "2019", "% of revenue", "2018", "% of revenue"],
        ["Revenue", "2,000", "100%", "1,800", "100%"],
        ["Cost of revenue", "1,200", "60%", "1,000", "55.6%"],
        ["Selling and marketing", "300", "15%", "320", "17.8%"],
        ["General and administrative", "200", "10%", "150", "8.3%"],
    ],
    "change_cols": [
        ["", "2019", "2018", "Change", "% Change"],
        ["Product revenue", "3,000", "2,600", "400", "15.4%"],
        ["Service revenue", "1,500", "1,600", "(100)", "(6.3)%"],
        ["License revenue", "700", "500", "200", "40.0%"],
        ["Total revenue", "5,200", "4,700", "500", "10.6%"],
    ],
    "parens": [
        ["", "2019", "2018", "2017"],
        ["Net loss", "(1,250)", "(980)", "(1,400)"],
        ["Other income (expense)", "35", "(12)", "—"],
        ["Cash used in operating activities", "(800)", "(650)", "(900)"],
    ],
    "dashes": [
        ["", "2019", "2018"],
        ["Goodwill impairment", "—", "1,200"],
        ["Restructuring", "340", "—"],
        ["Amortization", "150", "160"],
    ],
    "rollfwd": [
        ["", "2019", "2018"],
        ["Balance at beginning of year", "1,200", "1,000"],
        ["Additions", "300", "450"],
        ["Disposals", "(150)", "(250)"],
        ["Balance at end of year", "1,350", "1,200"],
    ],
    "rows_years": [
        ["Year", "Revenue", "Net income", "Employees"],
        ["2015", "820", "60", "1,100"],
        ["2016", "910", "75", "1,250"],
        ["2017", "880", "40", "1,300"],
        ["2018", "1,020", "95", "1,280"],
        ["2019", "1,150", "110", "1,400"],
    ],
    "high_low": [
        ["", "High", "Low"],
        ["First quarter", "$45.20", "$38.10"],
        ["Second quarter", "$48.75", "$41.00"],
        ["Third quarter", "$52.30", "$44.60"],
        ["Fourth quarter", "$50.10", "$43.25"],
    ],
    "max_row": [
        ["", "2019", "2018"],
        ["Maximum exposure to credit risk", "8,400", "7,900"],
        ["Collateral held", "2,100", "2,300"],
        ["Net exposure", "6,300", "5,600"],
    ],
    "ratios": [
        ["", "2019", "2018"],
        ["Current assets", "5,000", "4,400"],
        ["Current liabilities", "2,500", "2,750"],
        ["Current ratio", "2.0", "1.6"],
        ["Debt to equity ratio", "0.45", "0.52"],
    ],
    "var_stats": [
        ["(in millions)", "Average", "High", "Low", "Year end"],
        ["Interest rate risk", "12.1", "15.4", "9.8", "11.0"],
        ["Foreign exchange risk", "4.2", "6.8", "2.1", "5.5"],
        ["Total VaR", "14.0", "18.9", "10.2", "13.8"],
    ],
    "maturity": [
        ["", "Total", "Less than 1 year", "1-3 years", "3-5 years", "More than 5 years"],
        ["Operating leases", "1,500", "300", "500", "400", "300"],
        ["Long-term debt", "5,000", "200", "1,800", "2,000", "1,000"],
        ["Purchase obligations", "900", "600", "250", "50", "—"],
    ],
    "units_k": [
        ["(in thousands)", "2019", "2018"],
        ["Revenue", "14,200", "16,800"],
        ["Operating costs", "9,100", "8,700"],
        ["Interest expense", "1,250", "980"],
    ],
    "employees": [
        ["", "2019", "2018", "2017"],
        ["Sales", "1,200", "1,150", "1,080"],
        ["Engineering", "2,300", "2,100", "1,900"],
        ["Administration", "400", "420", "450"],
        ["Total", "3,900", "3,670", "3,430"],
    ],
    "dates_cols": [
        ["", "December 31, 2019", "December 31, 2018"],
        ["Cash and cash equivalents", "2,400", "3,100"],
        ["Accounts receivable", "1,800", "1,500"],
        ["Inventories", "900", "1,100"],
        ["Total current assets", "5,100", "5,700"],
    ],
    "geo": [
        ["", "2019", "2018", "2017"],
        ["United States", "6,500", "6,100", "5,800"],
        ["Germany", "1,200", "1,350", "1,400"],
        ["Japan", "900", "800", "850"],
        ["Other", "400", "450", "420"],
        ["Total", "9,000", "8,700", "8,470"],
    ],
    "one_row": [["", "2019", "2018", "2017"], ["Dividends per share", "$0.84", "$0.80", "$0.76"]],
    "one_col": [["", "Amount"], ["Land", "1,200"], ["Buildings", "4,500"], ["Machinery", "3,300"], ["Total", "9,000"]],
    "de": [["", "2019", "2018", "2017"], ["Umsatz", "1200", "1000", "1100"], ["Nettogewinn", "200", "30", "90"]],
    "de_seg": [["", "2019", "2018"], ["Europa", "500", "450"], ["Amerika", "700", "650"], ["Asien", "300", "350"]],
    "ru": [
        ["", "2019", "2018", "2017"],
        ["Выручка", "14500", "16200", "12800"],
        ["Чистая прибыль", "1200", "1900", "800"],
    ],
    "ru_seg": [["", "2019", "2018"], ["Россия", "900", "800"], ["Казахстан", "300", "350"], ["Беларусь", "200", "150"]],
    "pl": [
        ["", "2019", "2018", "2017"],
        ["Przychody", "14500", "16200", "12800"],
        ["Zysk netto", "1200", "1900", "800"],
    ],
    "zh": [
        ["", "第一季度", "第二季度", "第三季度", "第四季度"],
        ["收入", "94888", "96037", "88495", "84380"],
        ["净利润", "12100", "11050", "9870", "10200"],
    ],
    "opex_pct": [
        ["", "2019", "2018", "% Change"],
        ["Research and development", "4,500", "4,000", "12.5%"],
        ["Sales and marketing", "3,000", "3,200", "(6.3)%"],
        ["General and administrative", "1,200", "1,000", "20.0%"],
        ["Total operating expenses", "8,700", "8,200", "6.1%"],
    ],
    "credit": [
        ["(in millions)", "2019", "2018"],
        ["Loans", "12,000", "11,000"],
        ["Derivatives", "800", "950"],
        ["Maximum exposure to credit risk", "12,800", "11,950"],
    ],
    "stock": [
        ["Fiscal 2019", "High", "Low"],
        ["First Quarter", "$30.10", "$25.40"],
        ["Second Quarter", "$33.50", "$28.20"],
        ["Third Quarter", "$31.00", "$27.10"],
        ["Fourth Quarter", "$35.80", "$30.00"],
    ],
    "leases": [
        ["", "Operating leases", "Finance leases"],
        ["2020", "120", "30"],
        ["2021", "110", "25"],
        ["2022", "95", "20"],
        ["Thereafter", "300", "10"],
        ["Total", "625", "85"],
    ],
    "tax_rates": [
        ["", "2019", "2018", "2017"],
        ["Effective tax rate", "21.5%", "24.0%", "33.8%"],
        ["Income tax expense", "430", "410", "560"],
    ],
}

C: list[tuple[str, str, str | tuple[str, ...]]] = [  # table, question, the label(s) right
    # which year larger/smaller
    ("two_years", "In which year was revenue larger?", "2019"),
    ("two_years", "In which year was the net income smaller?", "2018"),
    ("two_years", "Which year had the higher gross profit?", "2019"),
    ("two_years", "Between 2018 and 2019, which year had more operating expenses?", "2018"),
    ("two_years", "Which year had the lower cost of sales?", "2018"),
    ("two_years", "In which year was revenue higher, 2018 or 2019?", "2019"),
    ("three_years", "In which year was revenue the highest?", "2018"),
    ("three_years", "In which year was net income the lowest?", "2017"),
    ("three_years", "Which year had the highest research and development expense?", "2017"),
    ("three_years", "In which year was revenue less than 15,000 thousand?", "2019, 2017"),
    ("three_years", "In which year was revenue less than $15 million?", "2019, 2017"),
    ("three_years", "In which years was net income more than 1,000 thousand?", "2019, 2018"),
    ("three_years", "In which year was research and development expense greater than 3,000?", "2019, 2017"),
    ("fy", "Which year had higher revenue?", ("FY18", "2018")),
    ("fy", "In which fiscal year was EBITDA larger?", ("FY19", "2019")),
    ("fy", "In which year was capital expenditure lower?", ("FY19", "2019")),
    ("fy_slash", "Which year had the higher operating profit?", ("2017/18", "2018")),
    ("fy_slash", "In which year was revenue higher?", ("2018/19", "2019")),
    ("quarters", "Which quarter had the lowest revenues in fiscal 2019?", "Fourth Quarter"),
    ("quarters", "Which quarter had the highest gross profit?", "Second Quarter"),
    ("quarters", "In which quarter was net income the highest?", "First Quarter"),
    ("q_digits", "Which quarter had the lowest revenue in 2019?", "Q3 2019"),
    ("q_digits", "In which quarter was the operating loss the largest?", "Q3 2019"),
    # segments
    ("segments", "Which region had the highest revenue in 2019?", "Americas"),
    ("segments", "Which region had the lowest operating income in 2019?", "Asia Pacific"),
    ("segments", "Which region had the lowest revenue in 2018?", "Asia Pacific"),
    ("segments", "Which is larger, the revenue of EMEA or Asia Pacific in 2019?", "EMEA"),
    ("segments", "In which year was the revenue of EMEA higher?", "2018"),
    ("seg_cols", "Which segment had the highest revenue?", "Consumer"),
    ("seg_cols", "Which segment had the highest operating income?", "Commercial"),
    ("seg_cols", "Which segment had the lowest assets?", "Industrial"),
    ("two_level", "Which had higher revenue in 2019, products or services?", "Products"),
    ("two_level", "In which year was services revenue higher?", "2018"),
    # components
    (
        "components",
        "What was the largest component of deferred tax assets in 2019?",
        "Net operating loss carryforwards",
    ),
    ("components", "What was the smallest component of deferred tax assets in 2018?", "Stock-based compensation"),
    ("components", "Which item had the largest increase from 2018 to 2019?", "Net operating loss carryforwards"),
    ("components", "Which item had the largest decrease from 2018 to 2019?", "Tax credits"),
    ("components", "In which year were tax credits higher?", "2018"),
    ("components", "Which is larger in 2019, tax credits or accrued liabilities?", "Tax credits"),
    # percent beside amounts
    ("pct_beside", "In which year was cost of revenue larger?", "2019"),
    ("pct_beside", "In which year was selling and marketing as a percentage of revenue higher?", "2018"),
    ("pct_beside", "Which expense was the largest in 2019?", "Cost of revenue"),
    ("pct_beside", "In which year was general and administrative higher?", "2019"),
    # change columns
    ("change_cols", "Which revenue had the largest change from 2018 to 2019?", "Product revenue"),
    ("change_cols", "Which revenue type had the highest percentage change?", "License revenue"),
    ("change_cols", "In which year was service revenue higher?", "2018"),
    ("change_cols", "Which revenue was the largest in 2019?", "Product revenue"),
    # parentheses
    ("parens", "In which year was the net loss the largest?", "2017"),
    ("parens", "In which year was the net loss the smallest?", "2018"),
    ("parens", "In which year was cash used in operating activities the lowest?", "2018"),
    ("parens", "In which year was other income negative?", "2018"),
    # dashes
    ("dashes", "In which year was there a goodwill impairment?", "2018"),
    ("dashes", "In which year was amortization higher?", "2018"),
    ("dashes", "In which year was restructuring larger?", "2019"),
    # roll-forward
    ("rollfwd", "In which year were additions larger?", "2018"),
    ("rollfwd", "In which year was the balance at end of year higher?", "2019"),
    ("rollfwd", "In which year were disposals smaller?", "2019"),
    # rows are years
    ("rows_years", "In which year was revenue the highest?", "2019"),
    ("rows_years", "In which year was net income the lowest?", "2017"),
    ("rows_years", "Which year had the most employees?", "2019"),
    ("rows_years", "In which year did revenue exceed 1,000?", "2018, 2019"),
    ("rows_years", "Which year had higher net income, 2016 or 2017?", "2016"),
    # High/Low labelled
    ("high_low", "What was the highest stock price in the third quarter?", "$52.30"),
    ("high_low", "What was the low price in the first quarter?", "$38.10"),
    ("high_low", "In which quarter was the high price the highest?", "Third quarter"),
    ("high_low", "Which quarter had the lowest low price?", "First quarter"),
    ("max_row", "What was the maximum exposure to credit risk in 2019?", "8,400"),
    ("max_row", "What was the maximum exposure in 2018?", "7,900"),
    ("max_row", "In which year was the maximum exposure to credit risk higher?", "2019"),
    ("ratios", "What was the current ratio in 2019?", "2.0"),
    ("ratios", "What is the debt to equity ratio in 2018?", "0.52"),
    ("ratios", "In which year was the current ratio higher?", "2019"),
    ("ratios", "What was the ratio of current assets to current liabilities in 2018?", "1.6"),
    ("var_stats", "What was the highest interest rate risk?", "15.4"),
    ("var_stats", "What was the lowest foreign exchange risk?", "2.1"),
    ("var_stats", "What was the maximum total VaR?", "18.9"),
    ("var_stats", "Which risk had the highest average?", "Interest rate risk"),
    # maturity
    ("maturity", "Which obligation had the largest total?", "Long-term debt"),
    ("maturity", "Which obligation was the largest due in less than 1 year?", "Purchase obligations"),
    ("maturity", "In which period is the most long-term debt due?", "3-5 years"),
    # units
    ("units_k", "In which year was revenue less than 15,000 thousand?", "2019"),
    ("units_k", "In which year was interest expense more than $1 million?", "2019"),
    ("units_k", "In which year did operating costs exceed 9,000 thousand?", "2019"),
    ("units_k", "In which year did revenue exceed operating costs by more?", "2018"),
    # employees
    ("employees", "Which department had the most employees in 2019?", "Engineering"),
    ("employees", "Which department had the fewest employees in 2017?", "Administration"),
    ("employees", "Which department had the largest increase from 2018 to 2019?", "Engineering"),
    ("employees", "In which year did administration have the most employees?", "2017"),
    # dates columns
    ("dates_cols", "In which year was cash and cash equivalents higher?", "2018"),
    (
        "dates_cols",
        "What was the largest current asset in 2019?",
        ("Cash and cash equivalents", "2400"),
    ),  # name or amount: both read
    ("dates_cols", "Which is larger in 2018, accounts receivable or inventories?", "Accounts receivable"),
    # geography
    ("geo", "Which country had the highest revenue in 2019?", "United States"),
    ("geo", "Which country had the lowest revenue in 2018?", "Japan"),  # "Other" is a bucket, no country
    ("geo", "In which year was revenue from Germany the highest?", "2017"),
    ("geo", "In which year was revenue from Japan the lowest?", "2018"),
    # one row / one column
    ("one_row", "In which year were dividends per share the highest?", "2019"),
    ("one_row", "In which year was the dividend per share lowest?", "2017"),
    ("one_col", "Which asset had the largest amount?", "Buildings"),
    ("one_col", "Which asset was the smallest?", "Land"),
    # rates
    ("tax_rates", "In which year was the effective tax rate the highest?", "2017"),
    ("tax_rates", "In which year was the effective tax rate the lowest?", "2019"),
    ("tax_rates", "In which year was income tax expense higher than 500?", "2017"),
    # batch 2
    ("opex_pct", "Which expense had the highest percentage change?", "General and administrative"),
    ("opex_pct", "Which expense had the largest increase from 2018 to 2019?", "Research and development"),
    ("opex_pct", "Which operating expense was the largest in 2018?", "Research and development"),
    ("opex_pct", "In which year were total operating expenses higher?", "2019"),
    ("opex_pct", "In which year were sales and marketing expenses larger?", "2018"),
    ("opex_pct", "Which is larger in 2019, sales and marketing or general and administrative?", "Sales and marketing"),
    ("credit", "What was the maximum exposure to credit risk in 2018?", "11,950"),
    ("credit", "In which year was the maximum exposure to credit risk larger?", "2019"),
    ("credit", "Which had a larger exposure in 2019, loans or derivatives?", "Loans"),
    ("credit", "In which year were derivatives more than $900 million?", "2018"),
    ("stock", "What was the highest stock price in the fourth quarter?", "$35.80"),
    ("stock", "Which quarter had the highest high price?", "Fourth Quarter"),
    ("stock", "Which quarter had the lowest low price?", "First Quarter"),
    ("stock", "What was the low price in the third quarter of fiscal 2019?", "$27.10"),
    ("leases", "In which year are operating lease payments the highest?", "2020"),
    ("leases", "In which year are finance lease payments the lowest?", "2022"),
    ("leases", "Which is larger, operating leases or finance leases in 2021?", "Operating leases"),
    ("leases", "In which year are operating lease payments less than 100?", "2022"),
    ("two_years", "Was revenue higher in 2019 or 2018?", "2019"),
    ("two_years", "Which year had a larger net income, 2018 or 2019?", "2019"),
    ("three_years", "Which year had the lowest revenue?", "2017"),
    ("three_years", "What was the highest net income between 2017 and 2019?", "1,900"),
    ("geo", "Which country had the largest increase in revenue from 2018 to 2019?", "United States"),
    ("geo", "Which country contributed the most revenue in 2017?", "United States"),
    ("employees", "In which year was the total number of employees the highest?", "2019"),
    ("segments", "Which region had the highest operating income in 2018?", "Americas"),
    ("segments", "In which year was the total operating income higher?", "2019"),
    ("rows_years", "In which year were there fewer than 1,200 employees?", "2015"),
    # other languages
    ("de", "In welchem Jahr war der Umsatz am höchsten?", "2019"),
    ("de", "In welchem Jahr war der Nettogewinn am niedrigsten?", "2018"),
    ("de_seg", "Welche Region hatte 2019 den höchsten Wert?", "Amerika"),
    ("pl", "W którym roku przychody były najwyższe?", "2018"),
    ("ru", "В каком году выручка была самой высокой?", "2018"),
    ("ru", "В каком году чистая прибыль была самой низкой?", "2017"),
    ("pl", "W którym roku zysk netto był najniższy?", "2017"),
    ("ru_seg", "В какой стране в 2019 году значение было самым высоким?", "Россия"),
    ("zh", "哪个季度的收入最高?", "第二季度"),
    ("zh", "哪个季度的净利润最低?", "第三季度"),
]


def norm(text: object) -> str:
    """A label or a list of labels compared as words: thousands separators, "and", ";" and "," do not count."""
    s = re.sub(r"(?<=\d),(?=\d{3})", "", str(text or ""))
    return " ".join(s.lower().replace(" and ", ",").replace(";", " ").replace(",", " ").split())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print each wrong answer and refusal")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "report_labels.json")
    args = parser.parse_args()
    right = wrong = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        tables = {k: table_from_rows(v, Path(tmp), k) for k, v in T.items()}
        for name, question, gold in C:
            answer = answer_table(tables[name], question)
            value = answer.value if answer is not None else None
            golds = gold if isinstance(gold, tuple) else (gold,)
            if value is not None and any(norm(value) == norm(g) for g in golds):
                right += 1
                continue
            refused += value is None
            wrong += value is not None
            if args.show:
                print(f"{'refused' if value is None else 'wrong'}: [{name}] {question} -> {value!r} (gold {gold!r})")
    n = right + wrong + refused
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {"tables": len(T), "questions": n, "right": right / n, "wrong": wrong / n, "refused": refused / n}
    args.out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(
        f"report labels: {len(T)} tables, {n} questions, right / wrong / refused "
        f"{right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}"
    )


if __name__ == "__main__":
    main()
