"""Report shapes: small tables of the shapes real financial reports print, written for this probe (no data set
holds them), each asked TAT-QA-style questions whose answer is one cell, with the table given (no LLM). It tests the
readings the tune part of TAT-QA cannot show any more (its span questions are all answered): fiscal years written
"FY19", quarters as "Q3" or "third quarter", tables of one row, roll-forwards in one amount column, totals printed
without a label, sections, share and change columns, ratios stated in rows, opening and closing balances, "how many"
over "Number of" rows, notes, restated and audited columns, date forms.

Run: ``python bench/report_shapes.py [--show]`` -> right / wrong / refused over all questions, also in
bench/out/report_shapes.json (``--show`` prints each miss). A refusal counts apart from a wrong number: a wrong
number is worse. The probe was written beside the rules it checks: its figure shows they hold, not that they
generalise (the TAT-QA kept part and the holdout say that).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.eval.qa import text_match  # noqa: E402
from tablerag.parsing import parse  # noqa: E402
from tablerag.qa.answer import answer_table  # noqa: E402

TABLES: dict[str, str] = {
    "q": ",Q1 2019,Q2 2019,Q3 2019,Q4 2019\nRevenue,100,110,120,130\nGross profit,40,44,48,52\n",
    "fy": ",Fiscal 2019,Fiscal 2018\nRevenue,1000,900\nNet income,100,90\n",
    "fy2": ",FY19,FY18\nRevenue,1000,900\nNet income,100,90\n",
    "pct": ",2019,% of revenue,2018,% of revenue\nRevenue,1000,100%,900,100%\nCost of sales,600,60%,500,55.6%\nGross profit,400,40%,400,44.4%\n",
    "months": ",Three months ended June 30 2019,Six months ended June 30 2019\nRevenue,500,1000\nNet income,50,100\n",
    "numbered": "No.,Item,2019,2018\n1,Revenue,1000,900\n2,Net income,100,90\n",
    "change": ",2019,2018,Change,% Change\nRevenue,1000,900,100,11.1%\nNet income,100,90,10,11.1%\n",
    "dec": ",December 31 2019,December 31 2018\nCash,500,400\nInventories,300,200\n",
    "one": ",Land,Buildings,Equipment,Total\nBalance,100,200,300,600\n",
    "dates": ",31 Dec 2019,31 Dec 2018\nCash,500,400\nTrade receivables,300,200\n",
    "dates2": ",12/31/2019,12/31/2018\nCash,500,400\nTrade receivables,300,200\n",
    "dates3": ',"Dec. 31, 2019","Dec. 31, 2018"\nCash,500,400\nTrade receivables,300,200\n',
    "june": ",June 30,\n,2019,2018\nCash,500,400\nInventories,300,200\n",
    "notes": ',2019,2018\nRevenue (1),"1,000",900\nNet income¹,100,90\nOperating expenses*,400,380\n',
    "section": ",2019,2018\nCurrent assets:,,\nCash,50,40\nOther,10,12\nNon-current assets:,,\nProperty,500,450\nOther,30,25\n",
    "total": ',2019,2018\nRevenue:,,\nProducts,600,500\nServices,400,400\nTotal,"1,000",900\nExpenses:,,\nCost of sales,300,280\nTotal,300,280\n',
    "loss": ',2019,2018\nRevenue,"1,000",900\nNet income (loss),(50),90\nBasic earnings (loss) per share,$(0.10),$0.18\n',
    "rollf": ',Amount\n"Balance at December 31, 2017",100\nAdditions,20\nDisposals,(5)\n"Balance at December 31, 2018",115\nAdditions,30\n"Balance at December 31, 2019",145\n',
    "segments": ",Americas,,EMEA,\n,2019,2018,2019,2018\nRevenue,500,450,300,280\nOperating income,50,45,30,28\n",
    "unit": '($ in thousands),2019,2018\nRevenue,"1,000",900\nGross margin,40%,38%\n',
    "weird": ",Year ended 30 June 2019 $'000,Year ended 30 June 2018 $'000\nRevenue,\"1,000\",900\nEBITDA,200,150\n",
    "note": ',Note,2019,2018\nRevenue,3,"1,000",900\nCost of sales,4,(600),(550)\n',
    "partial": ',2019,2018\nDepreciation and amortisation,120,110\nAccumulated depreciation,"1,500","1,380"\nImpairment,10,0\n',
    "less": ',2019,2018\nProperty and equipment,"2,000","1,800"\nLess: accumulated depreciation,(800),(700)\n"Property and equipment, net","1,200","1,100"\n',
    "levels": ",Level 1,Level 2,Level 3,Total\nMoney market funds,100,—,—,100\nCorporate bonds,—,250,—,250\nContingent consideration,—,—,40,40\n",
    "margin": ",2019,2018\nGross margin,400,380\nGross margin %,40.0%,42.2%\nOperating income,100,90\n",
    "maturity": ",Operating leases,Finance leases\n2020,100,20\n2021,90,18\n2022,80,15\nThereafter,200,30\nTotal,470,83\n",
    "life": ",Useful life\nBuildings,20-40 years\nMachinery and equipment,3-10 years\nSoftware,3 years\n",
    "terms": ",2019,2018\nExpected term,5 years,6 years\nVolatility,30%,28%\nRisk-free rate,1.5%,2.4%\n",
    "pension": ",Pension benefits,,Other benefits,\n,2019,2018,2019,2018\nService cost,50,45,5,4\nInterest cost,30,28,3,3\n",
    "pctcols": ",2019,,2018,\n,Amount,% of revenue,Amount,% of revenue\nResearch and development,200,20%,180,20%\nSales and marketing,300,30%,250,27.8%\n",
    "cagr": ',2019,2018,Change\nRevenue,"1,000",900,11%\nOperating margin,15%,14%,1 pt\n',
    "restated": ',2019,2018 (Restated),2017\nRevenue,"1,000",900,800\nNet income,100,90,80\n',
    "asrep": ',As reported,Adjustments,As adjusted\nRevenue,"1,000",(50),950\nNet income,100,(10),90\n',
    "curnon": ",2019,,2018,\n,Current,Non-current,Current,Non-current\nLease liabilities,50,200,45,180\nBorrowings,100,900,90,950\n",
    "threemonths": ',Three Months Ended December 31,,Year Ended December 31,\n,2019,2018,2019,2018\nRevenue,300,280,"1,100","1,000"\nNet income,30,25,110,100\n',
    "audited": ',2019 (Audited),2018 (Unaudited)\nRevenue,"1,000",900\n',
    "split": ',Year ended 31 March,\n,2019,2018\n,£m,£m\nRevenue,"1,000",900\nOperating profit,100,90\n',
    "mixed": ',Number of shares,Weighted average exercise price\nOutstanding at January 1 2019,"1,000",$10.00\nGranted,200,$12.00\nExercised,(100),$8.00\nOutstanding at December 31 2019,"1,100",$10.50\n',
    "pctonly": ",2019,2018,2017\nExpected volatility,32.5%,30.1%,28.0%\nRisk-free interest rate,2.1%,2.5%,1.9%\nExpected dividend yield,—,—,—\n",
    "ytd": ',Q4 2019,Q4 2018,FY 2019,FY 2018\nRevenue,300,280,"1,100","1,000"\n',
    "roll": ",2019,2018\nBalance at beginning of year,100,80\nAdditions,30,25\nReductions,(5),(5)\nBalance at end of year,125,100\n",
    "roll2": ",2019,2018\nOpening balance,100,80\nAdditions,30,25\nClosing balance,130,105\n",
    "shares": ',Shares,Weighted-Average Exercise Price\nOutstanding at beginning of year,"1,000",$10.00\nGranted,200,$12.00\nForfeited,(50),$11.00\nOutstanding at end of year,"1,150",$10.40\nExercisable at end of year,600,$9.50\n',
    "geo": ",2019,2018\nUnited States,500,450\nUnited Kingdom,200,190\nRest of world,100,90\n",
    "emp": ',2019,2018\nNumber of employees,"1,200","1,100"\nAverage number of employees,"1,150","1,050"\n',
    "chg": ',2019,2018,$ Change,% Change\nRevenue,"1,000",900,100,11.1%\nCost of revenue,600,500,100,20.0%\nGross profit,400,400,—,—%\n',
    "share": ',2019,% of total,2018,% of total\nAmericas,600,60%,500,55.6%\nEMEA,300,30%,300,33.3%\nAPAC,100,10%,100,11.1%\nTotal,"1,000",100%,900,100%\n',
    "growth": "Segment,Revenue 2019,Revenue 2018,Growth\nCloud,500,400,25%\nSoftware,300,300,0%\n",
    "bps": ",2019,2018,Change\nGross margin,40.1%,41.0%,(90) bps\nOperating margin,10.5%,9.8%,70 bps\n",
    "ratio": ',2019,2018\nNet debt,"2,100","1,900"\nEBITDA,"1,000",950\nNet debt/EBITDA,2.1x,2.0x\n',
    "ratio2": ",2019,2018\nCurrent assets,500,450\nCurrent liabilities,250,300\nCurrent ratio,2.0,1.5\nDebt to equity ratio,0.45,0.50\n",
    "ratio3": ',2019,2018\nNet debt,"2,100","1,900"\nTotal equity,"4,200","3,800"\nGearing ratio,50%,50%\n',
    "maxmin": ",Minimum,Maximum\nBuildings,20,40\nEquipment,3,10\n",
    "maxmin2": ',2019,2018\nMaximum exposure to credit risk,"1,500","1,400"\nHighest quarterly revenue,450,430\nLowest share price,$10.50,$9.80\n',
    "rates": ",2019,2018\nDiscount rate,3.5%,4.0%\nRate of compensation increase,3.0%,3.0%\nExpected return on plan assets,6.0%,6.5%\n",
    "cash": ",2019,2018\nIssuance of common stock,500,300\nRepurchases of common stock,(200),(150)\nDividends paid,(100),(90)\nProceeds from sale of property,50,20\nPayments for acquisitions,(400),(0)\nCapital expenditures,(250),(230)\nImpairment charges,30,0\n",
    "march": ",31 March 2019,31 March 2018\nTrade payables,500,400\nAccruals,300,200\n",
    "slash": ',2019/20,2018/19\nRevenue,"1,000",900\nOperating profit,150,120\n',
    "weeks": ',52 weeks ended 29 June 2019,53 weeks ended 30 June 2018\nSales,"5,000","4,800"\nGross profit,"1,500","1,400"\n',
    "twohead": ",Group,,Company,\n,2019,2018,2019,2018\nCash at bank,100,90,10,9\nShort-term deposits,50,40,5,4\n",
    "notehead": ",Notes,2019 $'000,2018 $'000\nRevenue,2,\"1,000\",900\nOther income,3,50,40\n",
    "holders": 'Name,Number of shares,Percentage of total\nJohn Smith,"1,000,000",10.5%\nJane Doe,"500,000",5.2%\nAll directors as a group,"1,500,000",15.7%\n',
    "lives": ",Estimated useful life\nBuildings,Up to 40 years\nMachinery,3 to 10 years\nVehicles,5 years\n",
}

CASES: list[tuple[str, str, str]] = [  # table, question, the cell's text
    ("q", "What was the revenue in the third quarter of 2019?", "120"),
    ("q", "What was gross profit in Q2 2019?", "44"),
    ("q", "What was the gross profit in the second quarter of 2019?", "44"),
    ("fy", "What was the revenue in fiscal year 2019?", "1000"),
    ("fy", "What was net income in FY2018?", "90"),
    ("fy", "What was the net income in 2018?", "90"),
    ("fy2", "What was the revenue in fiscal 2019?", "1000"),
    ("fy2", "What was net income in 2018?", "90"),
    ("fy2", "What was net income in FY18?", "90"),
    ("pct", "What was cost of sales as a percentage of revenue in 2018?", "55.6%"),
    ("pct", "What was the cost of sales in 2018?", "500"),
    ("pct", "What percentage of revenue was gross profit in 2019?", "40%"),
    ("months", "What was the revenue for the six months ended June 30, 2019?", "1000"),
    ("months", "What was net income for the three months ended June 30, 2019?", "50"),
    ("numbered", "What was the revenue in 2018?", "900"),
    ("numbered", "What was net income in 2019?", "100"),
    ("change", "What was the change in revenue?", "100"),
    ("change", "What was the percentage change in net income?", "11.1%"),
    ("change", "By how much did revenue increase from 2018 to 2019?", "100"),
    ("dec", "What was the cash as at December 31, 2019?", "500"),
    ("dec", "What were inventories at the end of 2018?", "200"),
    ("dec", "What was the cash in 2018?", "400"),
    ("one", "What was the amount of buildings?", "200"),
    ("dates", "What was the cash as at 31 December 2019?", "500"),
    ("dates", "What was cash at December 31, 2018?", "400"),
    ("dates", "What were trade receivables in 2019?", "300"),
    ("dates2", "What was the cash as at December 31, 2019?", "500"),
    ("dates2", "What were trade receivables in 2018?", "200"),
    ("dates3", "What was the cash as at December 31, 2019?", "500"),
    ("dates3", "What were trade receivables in 2018?", "200"),
    ("june", "What was the cash as at June 30, 2019?", "500"),
    ("june", "What were inventories in 2018?", "200"),
    ("notes", "What was the revenue in 2019?", "1,000"),
    ("notes", "What was net income in 2018?", "90"),
    ("notes", "What were operating expenses in 2019?", "400"),
    ("section", "What was the cash in 2019?", "50"),
    ("section", "What was the other current assets in 2018?", "12"),
    ("section", "What were other non-current assets in 2019?", "30"),
    ("section", "What was the amount of property in 2018?", "450"),
    ("total", "What was the total revenue in 2019?", "1,000"),
    ("total", "What were total expenses in 2018?", "280"),
    ("total", "What was the revenue from services in 2019?", "400"),
    ("loss", "What was the net loss in 2019?", "(50)"),
    ("loss", "What was the basic loss per share in 2019?", "$(0.10)"),
    ("loss", "What was the basic earnings per share in 2018?", "$0.18"),
    ("rollf", "What was the balance at December 31, 2018?", "115"),
    ("rollf", "What were the additions in 2019?", "30"),
    ("rollf", "What were the disposals in 2018?", "(5)"),
    ("segments", "What was the revenue of Americas in 2019?", "500"),
    ("segments", "What was EMEA operating income in 2018?", "28"),
    ("unit", "What was the revenue in 2019?", "1,000"),
    ("unit", "What was the gross margin in 2018?", "38%"),
    ("weird", "What was the revenue in 2019?", "1,000"),
    ("weird", "What was EBITDA for the year ended 30 June 2018?", "150"),
    ("note", "What was the revenue in 2019?", "1,000"),
    ("note", "What was the cost of sales in 2018?", "(550)"),
    ("partial", "What was the depreciation and amortisation in 2019?", "120"),
    ("partial", "What was the accumulated depreciation in 2018?", "1,380"),
    ("partial", "What was the impairment in 2019?", "10"),
    ("less", "What was the accumulated depreciation in 2019?", "(800)"),
    ("less", "What was the net property and equipment in 2018?", "1,100"),
    ("less", "What was property and equipment, net in 2019?", "1,200"),
    ("levels", "What was the Level 2 value of corporate bonds?", "250"),
    ("levels", "What is the total fair value of money market funds?", "100"),
    ("levels", "What was the fair value of contingent consideration in Level 3?", "40"),
    ("margin", "What was the gross margin percentage in 2019?", "40.0%"),
    ("margin", "What was the gross margin in 2018?", "380"),
    ("maturity", "What were the operating lease payments due in 2021?", "90"),
    ("maturity", "How much is the finance leases due thereafter?", "30"),
    ("maturity", "What is the total operating leases?", "470"),
    ("life", "What is the useful life of buildings?", "20-40 years"),
    ("life", "What is the useful life of software?", "3 years"),
    ("terms", "What was the expected term in 2019?", "5 years"),
    ("terms", "What was the volatility in 2018?", "28%"),
    ("terms", "What was the risk-free rate in 2019?", "1.5%"),
    ("pension", "What was the pension service cost in 2019?", "50"),
    ("pension", "What was the interest cost for other benefits in 2018?", "3"),
    ("pctcols", "What was the research and development expense in 2019?", "200"),
    ("pctcols", "What was sales and marketing as a percentage of revenue in 2018?", "27.8%"),
    ("cagr", "What was the change in revenue?", "11%"),
    ("cagr", "What was the revenue in 2018?", "900"),
    ("restated", "What was the revenue in 2018?", "900"),
    ("restated", "What was the restated net income in 2018?", "90"),
    ("asrep", "What was the reported revenue?", "1,000"),
    ("asrep", "What was the adjusted net income?", "90"),
    ("asrep", "What were the adjustments to revenue?", "(50)"),
    ("curnon", "What were the current lease liabilities in 2019?", "50"),
    ("curnon", "What were non-current borrowings in 2018?", "950"),
    ("threemonths", "What was the revenue for the year ended December 31, 2019?", "1,100"),
    ("threemonths", "What was the net income for the three months ended December 31, 2018?", "25"),
    ("audited", "What was the revenue in 2019?", "1,000"),
    ("split", "What was the revenue in 2019?", "1,000"),
    ("split", "What was the operating profit for the year ended 31 March 2018?", "90"),
    ("mixed", "How many shares were granted?", "200"),
    ("mixed", "What was the weighted average exercise price of shares exercised?", "$8.00"),
    ("mixed", "What was the number of shares outstanding at December 31, 2019?", "1,100"),
    ("pctonly", "What was the expected volatility in 2018?", "30.1%"),
    ("pctonly", "What was the risk-free interest rate in 2017?", "1.9%"),
    ("pctonly", "What was the expected dividend yield in 2019?", "—"),
    ("ytd", "What was the revenue in the fourth quarter of 2019?", "300"),
    ("ytd", "What was the revenue in fiscal year 2018?", "1,000"),
    ("ytd", "What was the revenue in Q4 2018?", "280"),
    ("roll", "What was the balance at the beginning of 2019?", "100"),
    ("roll", "What was the ending balance in 2018?", "100"),
    ("roll", "What was the opening balance in 2019?", "100"),
    ("roll", "What was the closing balance in 2019?", "125"),
    ("roll", "What were the reductions in 2019?", "(5)"),
    ("roll2", "What was the balance at the beginning of 2018?", "80"),
    ("roll2", "What was the ending balance in 2019?", "130"),
    ("roll2", "What was the balance at the end of 2018?", "105"),
    ("shares", "How many shares were outstanding at the beginning of the year?", "1,000"),
    ("shares", "What was the weighted-average exercise price of forfeited shares?", "$11.00"),
    ("shares", "How many shares were exercisable at the end of the year?", "600"),
    ("shares", "What was the number of shares granted?", "200"),
    ("geo", "What was the revenue from the US in 2019?", "500"),
    ("geo", "What was the revenue from the UK in 2018?", "190"),
    ("geo", "How much revenue came from the rest of the world in 2019?", "100"),
    ("emp", "What was the number of employees in 2019?", "1,200"),
    ("emp", "How many employees did the company have in 2018?", "1,100"),
    ("emp", "What was the average number of employees in 2019?", "1,150"),
    ("chg", "What was the percentage change in revenue?", "11.1%"),
    ("chg", "What was the percentage change in cost of revenue from 2018 to 2019?", "20.0%"),
    ("chg", "What was the dollar change in revenue?", "100"),
    ("chg", "By how much did cost of revenue increase?", "100"),
    ("share", "What percentage of total revenue came from EMEA in 2019?", "30%"),
    ("share", "What was the Americas' share of the total in 2018?", "55.6%"),
    ("share", "What was the revenue from APAC in 2018?", "100"),
    ("share", "What was the total revenue in 2019?", "1,000"),
    ("growth", "What was the growth of the cloud segment?", "25%"),
    ("growth", "What was the Cloud revenue in 2018?", "400"),
    ("growth", "What was the revenue growth rate of software?", "0%"),
    ("bps", "What was the change in gross margin?", "(90) bps"),
    ("bps", "What was the operating margin in 2019?", "10.5%"),
    ("ratio", "What was the ratio of net debt to EBITDA in 2019?", "2.1x"),
    ("ratio", "What was the net debt to EBITDA ratio in 2018?", "2.0x"),
    ("ratio", "What was the Net debt/EBITDA in 2019?", "2.1x"),
    ("ratio2", "What was the current ratio in 2019?", "2.0"),
    ("ratio2", "What was the ratio of current assets to current liabilities in 2018?", "1.5"),
    ("ratio2", "What was the debt to equity ratio in 2019?", "0.45"),
    ("ratio2", "What was the debt-to-equity ratio in 2018?", "0.50"),
    ("ratio3", "What was the gearing ratio in 2019?", "50%"),
    ("ratio3", "What was the gearing in 2018?", "50%"),
    ("maxmin", "What is the maximum useful life of buildings?", "40"),
    ("maxmin", "What is the minimum useful life of equipment?", "3"),
    ("maxmin", "What was the maximum for equipment?", "10"),
    ("maxmin2", "What was the maximum exposure to credit risk in 2019?", "1,500"),
    ("maxmin2", "What was the highest quarterly revenue in 2018?", "430"),
    ("maxmin2", "What was the lowest share price in 2019?", "$10.50"),
    ("rates", "What was the discount rate in 2019?", "3.5%"),
    ("rates", "What was the rate of compensation increase in 2018?", "3.0%"),
    ("rates", "What was the expected return on plan assets in 2019?", "6.0%"),
    ("cash", "How much common stock was issued in 2019?", "500"),
    ("cash", "How much common stock was repurchased in 2018?", "(150)"),
    ("cash", "How much was paid in dividends in 2019?", "(100)"),
    ("cash", "What were the proceeds from selling property in 2019?", "50"),
    ("cash", "How much was paid for acquisitions in 2019?", "(400)"),
    ("cash", "What was the capital expenditure in 2018?", "(230)"),
    ("cash", "What were the impairments in 2019?", "30"),
    ("cash", "What was the amount of dividends in 2018?", "(90)"),
    ("cash", "How much did the company spend on capital expenditures in 2019?", "(250)"),
    ("march", "What was the amount of trade payables as at 31 March 2019?", "500"),
    ("march", "What were accruals in 2018?", "200"),
    ("march", "What were the accruals at March 31, 2019?", "300"),
    ("slash", "What was the revenue in 2019/20?", "1,000"),
    ("slash", "What was the operating profit in 2018/19?", "120"),
    ("slash", "What was the revenue in 2019?", "900"),
    ("weeks", "What were the sales for the 52 weeks ended 29 June 2019?", "5,000"),
    ("weeks", "What was the gross profit in 2018?", "1,400"),
    ("twohead", "What was the Group's cash at bank in 2019?", "100"),
    ("twohead", "What were the company's short-term deposits in 2018?", "4"),
    ("notehead", "What was the revenue in 2019?", "1,000"),
    ("notehead", "What was other income in 2018?", "40"),
    ("holders", "What proportion of shares does Jane Doe own?", "5.2%"),
    ("holders", "What percentage of the total shares did John Smith hold?", "10.5%"),
    ("lives", "What is the maximum useful life of buildings?", "40"),
    ("lives", "What is the minimum useful life of machinery?", "3"),
    ("lives", "What is the maximum estimated useful life of machinery?", "10"),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--show", action="store_true", help="print each wrong answer and refusal")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "report_shapes.json")
    args = parser.parse_args()
    right = wrong = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        tables = {}
        for name, text in TABLES.items():
            path = Path(tmp) / f"{name}.csv"
            path.write_text(text, encoding="utf-8")
            tables[name] = parse(path).tables[0]
        for name, question, gold in CASES:
            answer = answer_table(tables[name], question)
            value = answer.value if answer is not None else None
            if value is not None and (value == gold or text_match(value, gold)):
                right += 1
                continue
            if value is None:
                refused += 1
            else:
                wrong += 1
            if args.show:
                print(f"{'refused' if value is None else 'wrong'}: [{name}] {question} -> {value!r} (gold {gold!r})")
    n = right + wrong + refused
    args.out.parent.mkdir(parents=True, exist_ok=True)
    result = {"tables": len(TABLES), "questions": n, "right": right / n, "wrong": wrong / n, "refused": refused / n}
    args.out.write_text(json.dumps(result, indent=2), encoding="utf-8")
    print(
        f"report shapes: {len(TABLES)} tables, {n} questions, right / wrong / refused "
        f"{right / n:.3f} / {wrong / n:.3f} / {refused / n:.3f}"
    )


if __name__ == "__main__":
    main()
