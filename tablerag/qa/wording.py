"""Rewordings of a question against the table it is asked of, before linking: dotted abbreviations without their
dots ("U.S." -> "US"), acronyms spelled out as the label they abbreviate ("R&D" -> "research and development"),
superlatives whose base word is a column or row name ("highest" over "High | Low" -> "high"), "margin" as the
share a table states when it names no margin, and a line's name of art said as the table says it ("net profit" over
"Profit after tax", `terms_said`)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from tablerag.decomposition.serialize import filled_grid
from tablerag.model import Table
from tablerag.parsing.spans import MONTH_NAME
from tablerag.qa.periods import STATED_CHANGE
from tablerag.qa.route import Route, route_without
from tablerag.text.tokens import tokenize

_DOTTED = re.compile(r"(?<![\w.])((?:[A-Za-z]\.){2,})(?![\w])")  # "U.S.", "U.K.", "N.A." as one word: "US"


def undotted(text: str) -> str:
    """The text with dotted abbreviations written without their dots ("U.S." -> "US")."""
    return _DOTTED.sub(lambda m: m.group(1).replace(".", ""), text)


# "R&D", "SG&A", "PP&E", "EPS", "CEO"; a plural "RWAs" is its acronym
# capitals, an "&" or one small letter between them allowed ("R&D", "IoT" for "Internet of Things")
_ACRONYM = re.compile(r"(?<![\w&])([A-Z](?:&?[a-z]?[A-Z]){1,5})s?(?![\w&-])")  # "CASM-ex" is a label's own
_LABEL_WORD = re.compile(r"[^\W\d_]+|&")
ACRONYM_MIN_LETTERS = 3  # "US", "IT", "OR" are words: two letters spell a run of a label only with "&" ("R&D",
# "D&A"), else only a whole two-word label ("US" for "United States", "UK" for "United Kingdom")


# acronyms of financial statements whose words a table may say otherwise ("Net income per common share" for
# earnings per share): said in words when no label spells or writes them
_STATEMENT_ACRONYMS = {
    "EPS": "earnings per share",
    "DPS": "dividends per share",
    "NAV": "net asset value",
    "FCF": "free cash flow",
}
_INNER_QUALIFIERS = ("average", "common", "ordinary")  # words an acronym leaves out inside its run


_SKIPPED_SMALL = frozenset({"the", "and", "&", "of"})  # words an acronym leaves out ("EMEA", "EBIT", "PP&E" keeps "&")


# small words inside an acronym's run that it may leave out ("CASM": Cost per available seat mile) or keep ("EPS":
# Earnings per share, "ROE": Return on equity)
_LINKING = frozenset({"of", "and", "per", "the", "for", "on", "in", "to", "from"})
# a unit note after a label ("Annual recurring revenue (in millions)", "Cost per available seat mile (cents)", "Basic
# earnings per share (pence)"): no words of its name; a name in brackets ("James Pottinger (Chief Financial
# Officer)", "(AFFO)") stays
_TRAILING_NOTE = re.compile(
    r"\s*\((?:in\s+)?(?:[$€£¥%\d]|thousands?\b|millions?\b|billions?\b|cents?\b|pence\b|p(?=\))|years?\b|months?\b"
    r"|days?\b|bps\b)[^()]*\)\s*$",
    re.IGNORECASE,
)


def _spelled_past_links(want: str, words: list[str]) -> bool:
    """The words' initials spell ``want`` (lower case), each linking word inside the run giving its initial or
    left out; the first and last words give theirs."""
    if not words or words[-1].lower() in _LINKING or words[0].lower() in _LINKING:
        return False
    ways = {0}  # letters spelled so far, one entry per way of reading the words
    for w in words:
        ahead = {k + 1 for k in ways if k < len(want) and w[0].lower() == want[k]}
        ways = ahead | (ways if w.lower() in _LINKING else set())
        if not ways:
            return False
    return len(want) in ways


def _defining_runs(text: str, acronym: str) -> list[str]:
    """The runs of words right before the acronym in brackets ("Annual recurring revenue (ARR)") whose initials
    spell it, lower-cased: the label defines the acronym by them."""
    m = re.search(rf"((?:[^\W\d_][\w'-]*\s+)+)\(\s*{re.escape(acronym)}s?\s*\)", text)
    if m is None:
        return []
    words = m.group(1).split()
    return [" ".join(words[k:]).lower() for k in range(len(words)) if _initials(words[k:]) == acronym.lower()]


def _initials(words: list[str]) -> str:
    return "".join("&" if w.lower() in ("and", "&") else w[0].lower() for w in words)


# "the gross margin" is gross profit as a share of revenue: a table that names no margin but states shares ("Gross
# profit as a percentage of net sales", a "% of revenue" column) states it as that share, not as the amount
_MARGIN = re.compile(r"\bmargins?\b", re.IGNORECASE)
_SHARE_SAID = re.compile(r"%|\bper\s?cent|\bpercentage", re.IGNORECASE)
_MARGIN_SAID = "profit income earnings percentage"  # a margin is a profit's share: "operating income", not expenses


def margin_as_share(table: Table, question: str) -> str:
    """The question with "margin" said as a profit's percentage when the table names no margin and states a
    share."""
    if not _MARGIN.search(question):
        return question
    labels = [" ".join(table.row_chain(r)) for r in range(table.header_rows, table.n_rows)]
    labels += [table.column_name(c) for c in range(table.n_cols)]
    shares = any(_SHARE_SAID.search(text) and not STATED_CHANGE.search(text) for text in labels)
    if not shares or any(_MARGIN.search(text) for text in labels):  # a "% change" column is no share of revenue
        return question
    return _MARGIN.sub(_MARGIN_SAID, question)


# short forms of finance words that are no initials ("capex" is no C-A-P-E-X): said in full where the table does
# not write them itself
_SHORT_FORMS: dict[str, str | tuple[str, ...]] = {
    "opex": "operating expenses",
    "fx": "foreign exchange",
    "forex": "foreign exchange",
    "yoy": "year over year",
    "hq": "headquarters",
    "intl": "international",
    "govt": "government",
    "mgmt": "management",
    # regions a report abbreviates by syllables, not initials
    "apac": "asia pacific",
    "latam": "latin america",
    # words a statement writes otherwise: "pre-tax income" is "Income before income taxes", "capital
    # expenditures" the cash flow statement's "Purchases of property and equipment"; GAAP's "long-term" IFRS's
    # "non-current", "deferred revenue" the "Contract liabilities" of revenue standards since 2018
    "pre-tax": "before tax",
    "pretax": "before tax",
    "capital expenditure": "capital expenditure purchases of property and equipment",
    "capital expenditures": "capital expenditures purchases of property and equipment",
    "fixed assets": "fixed assets property plant and equipment",
    "pp&e": "property plant and equipment",
    "long-term": "long-term non-current",
    "non-current": "non-current long-term",  # and back: "non-current debt" is a US filer's "Long-term debt"
    "noncurrent": "noncurrent long-term",
    "short-term": "short-term current",  # "short-term borrowings": the borrowings under "Current liabilities"
    "deferred revenue": "deferred revenue contract liabilities",
    "unearned revenue": "unearned revenue deferred revenue contract liabilities",
    # analysts' words for statement lines, each said the way the table's labels say it best (`_short_forms_said`)
    "ebit": ("operating income", "operating profit", "income from operations", "earnings before interest and taxes"),
    "cogs": ("cost of goods sold", "cost of sales", "cost of revenue"),
    "cfo": ("net cash provided by operating activities", "cash generated from operations", "operating cash flow"),
    "operating cash flow": ("operating cash flow", "net cash provided by operating activities"),
    "cash from operations": ("cash from operations", "net cash provided by operating activities"),
    "cash flow from operations": (
        "net cash provided by operating activities",
        "net cash from operating activities",
        "cash generated from operations",
    ),
    "eps": ("earnings per share", "net income per share", "income per share"),
    "revolver": ("revolving credit facility", "revolving facility", "revolving loan"),
    "coupon": ("interest rate", "coupon rate"),
    "ar": ("accounts receivable", "trade receivables"),
    "ap": ("accounts payable", "trade payables"),
    "bottom line": ("net income", "net earnings", "net profit", "profit for the year"),
    "top line": ("total revenue", "revenue", "net sales", "turnover"),
    "comps": ("comparable sales", "comparable store sales"),
    "cash taxes": ("income taxes paid", "taxes paid", "taxation paid"),
    "rou": ("right-of-use", "right of use"),
    "opeb": ("other postretirement benefits", "other post-employment benefits", "postretirement benefits"),
    "capex": (
        "capital expenditures",
        "purchases of property and equipment",
        "purchases of property, plant and equipment",
        "investments in property, plant and equipment",
    ),
    "d&a": ("depreciation and amortization", "depreciation and amortisation", "depreciation, amortisation"),
    "stock comp": ("stock-based compensation", "share-based compensation", "share-based payment"),
    "sbc": ("stock-based compensation", "share-based compensation", "share-based payment"),
    "fcf": ("free cash flow",),
    # IFRS 9's measurement categories
    "fvoci": ("fair value through other comprehensive income", "fair value through oci"),
    "fvtpl": ("fair value through profit or loss", "fair value through p&l"),
    "fvpl": ("fair value through profit or loss", "fair value through p&l"),
    "pension deficit": (
        "pension deficit",
        "retirement benefit obligations",
        "post-employment benefit obligations",
        "pension liability",
    ),
}
_SHORT_FORM = re.compile(rf"\b({'|'.join(sorted(_SHORT_FORMS, key=len, reverse=True))})\b", re.IGNORECASE)


# a short form is said in full only where one label of the table holds at least this share of the words the full
# form adds: "PP&E" over asset-class columns ("Plant and machinery | Total") is the table's subject, and its "plant"
# alone would take one class for the whole
SHORT_FORM_MIN_SHARE = 0.5


def _short_forms_said(table: Table, question: str) -> str:
    """The question with each short form (`_SHORT_FORMS`) the table does not write said in full, where a label
    holds enough of the full form's words (`SHORT_FORM_MIN_SHARE`)."""
    found = {m.group(1).lower() for m in _SHORT_FORM.finditer(question)}
    if not found:
        return question
    written = " ".join(c.text for c in table.cells).lower()
    labels = [set(tokenize(c.text)) for c in table.cells if c.value is None and c.text.strip()]
    labels += [set(tokenize(table.column_name(c))) for c in range(table.n_cols)]
    valued = {c.row for c in table.cells if c.value is not None}  # lines with values, no section headings
    lines = [set(tokenize(c.text)) for c in table.cells if c.value is None and c.text.strip() and c.row in valued]
    for short in found:
        if re.search(rf"\b{re.escape(short)}\b", written):
            continue
        forms = _SHORT_FORMS[short]
        best, share = None, -1.0
        for form in (forms,) if isinstance(forms, str) else forms:
            added = set(tokenize(form)) - set(tokenize(short))
            if not added:  # the short form itself, kept where a line's label holds its last word ("Net deficit")
                held = 1.0 if tokenize(short)[-1:] and any(tokenize(short)[-1] in label for label in lines) else 0.0
            else:
                held = max(len(added & label) for label in labels) / len(added)
            if held > share:  # the first form a label holds most of: the table's way of saying it
                best, share = form, held
        if best is None or share < SHORT_FORM_MIN_SHARE:
            continue
        question = re.sub(rf"\b{re.escape(short)}\b", best, question, flags=re.IGNORECASE)
    return question


# names of one line item that reports use for the same thing (IFRS "profit after tax", US GAAP "net income", a
# reader's "net profit"; "stocks" and "inventories"; "minority" and "non-controlling interests"): a question naming
# a line in words the table does not write, where the table writes exactly one other name of it, is asked in the
# table's words (`terms_said`). Each group: names of one thing, never a part for its whole
TERMS: tuple[tuple[str, ...], ...] = (
    (
        "net income",
        "net profit",
        "net earnings",
        "profit for the year",
        "profit for the period",
        "profit after tax",
        "profit after taxation",
    ),
    (
        "profit before tax",
        "profit before taxation",
        "income before income taxes",
        "earnings before income taxes",
        "pretax income",
        "pre-tax profit",
    ),
    ("operating profit", "operating income", "income from operations"),
    ("cost of sales", "cost of revenue", "cost of revenues", "cost of goods sold"),
    ("inventories", "stocks", "stock"),
    ("trade receivables", "trade debtors", "accounts receivable"),
    ("trade payables", "trade creditors", "accounts payable"),
    ("non-controlling interests", "non-controlling interest", "minority interests", "minority interest"),
    ("owners of the parent", "equity holders of the parent", "owners of the company", "shareholders", "stockholders"),
    ("right-of-use assets", "leased assets"),
    ("current portion", "due within one year", "current maturities", "falling due within one year"),
    ("long-term debt", "long-term borrowings"),
    ("raw materials and consumables", "cost of materials", "materials and consumables"),
    ("employee turnover", "staff turnover", "staff attrition", "employee attrition"),
    ("social security costs", "social security contributions", "social charges"),
    (
        "accrued compensation",
        "accrued payroll",
        "accrued salaries",
        "accrued wages",
        "accrued salaries and wages",
        "accrued employee compensation",
    ),
    ("acquisition-related", "M&A-related", "merger-related"),
    ("impairment", "write-down", "write-downs"),
    ("acquisitions", "business combinations"),
    (
        "proceeds from borrowings",
        "proceeds from issuance of debt",
        "proceeds from issuance of long-term debt",
        "proceeds from long-term debt",
        "new borrowings",
        "new debt",
    ),
    (
        "repayment of lease liabilities",
        "payment of lease liabilities",
        "principal elements of lease payments",
        "lease principal repayments",
        "lease principal payments",
    ),
    ("imputed interest", "interest component", "amount representing interest"),
    (
        "rate of compensation increase",
        "salary increases",
        "salary increase",
        "rate of salary increase",
        "pay growth",
        "salary growth",
        "wage growth",
    ),
    ("loss ratio", "claims ratio"),
    ("combined ratio", "combined operating ratio"),
    ("inventory turnover", "inventory turn", "inventory turns", "stock turn"),
    ("average transaction value", "average ticket", "average transaction size"),
    ("e-commerce penetration", "online penetration", "online share of sales"),
    ("square footage", "store footage"),
    ("prepaid", "pay-as-you-go"),
    (
        "net cash used in investing activities",
        "net cash from investing activities",
        "net cash used in investing",
        "investing cash outflow",
        "investing cash flow",
    ),
    (
        "employee benefits expense",
        "employee benefit expenses",
        "staff costs",
        "personnel expenses",
        "personnel costs",
        "employee costs",
    ),
    ("share-based compensation", "stock-based compensation", "share-based payments", "equity-based compensation"),
    ("cash and cash equivalents", "cash and equivalents", "cash at bank and in hand", "cash at bank"),
    ("total debt", "gross debt", "total borrowings", "gross borrowings"),
    ("as previously reported", "as originally reported", "before the restatement", "before restatement"),
    ("as restated", "after the restatement", "after restatement"),
    ("adjustments", "adjustment", "impact of the restatement", "effect of the restatement"),
    ("losses and loss adjustment expenses", "claims incurred", "net claims incurred"),
    ("advertising and promotion", "advertising and marketing", "marketing and advertising", "marketing"),
    (
        "net cash from operating activities",
        "net cash provided by operating activities",
        "net cash generated from operating activities",
        "cash flow from operating activities",
        "cash generated from operations",
        "operating cash flow",
        "cash from operations",
    ),
    (
        "share repurchases",
        "share buybacks",
        "repurchase of shares",
        "purchase of own shares",
        "buybacks",
        "repurchase of common stock",
        "purchase of treasury stock",
    ),
    ("customer deposits", "customer accounts", "deposits from customers", "due to customers"),
    ("LTM", "last twelve months", "trailing twelve months", "TTM", "last 12 months", "trailing 12 months"),
)


@lru_cache(maxsize=1024)
def _pattern(phrase: str) -> re.Pattern[str]:
    """The phrase in a question: its words in order, any spacing or hyphen between them, a plural "s" on each."""
    words = [re.escape(w) for w in re.split(r"[\s\-]+", phrase.replace(",", ""))]
    return re.compile(r"(?<![\w-])" + r",?[\s\-]+".join(f"{w}(?:s|es)?" for w in words) + r"(?![\w-])", re.IGNORECASE)


@lru_cache(maxsize=512)
def _phrase_tokens(phrase: str) -> tuple[str, ...]:
    return tuple(tokenize(phrase))


def _writes(labels: list[tuple[str, ...]], phrase: str) -> bool:
    """Some label holds the phrase's tokens in a row."""
    want = _phrase_tokens(phrase)
    n = len(want)
    return bool(n) and any(label[i : i + n] == want for label in labels for i in range(len(label) - n + 1))


def _term_labels(table: Table) -> list[str]:
    """The table's texts that are no numbers: row labels, header levels, text cells."""
    texts = {t for row in filled_grid(table) for t in row if t.strip()}
    texts |= {level for c in range(table.n_cols) for level in table.column_chain(c)}
    return [t for t in texts if any(ch.isalpha() for ch in t)]


# a name right after "which" is the kind a question ranks or picks among ("which was the largest investing cash
# outflow": one of the investing lines), not the one line the table names so; after "which year (were)" it is the
# line whose periods are ranked ("in which year were share repurchases larger")
_RANKED_KIND = re.compile(
    r"\bwhich\s+(?!(?:fiscal\s+|financial\s+)?(?:years?|periods?|quarters?|months?)\b)(?:\w+\s+){0,3}$", re.IGNORECASE
)


def terms_said(table: Table, question: str) -> str:
    """The question with each name of a line item the table does not write, where it writes one other name of it,
    said as the table says it (`TERMS`); unchanged where the table writes the question's own words, or more than
    one other name (the linker then decides). Names overlapping in the question are read from the left: "operating
    profit for the year ended ..." names an operating profit, not a "profit for the year"."""
    found = sorted(
        (m.start(), -m.end(), m.end(), k, phrase)
        for k, group in enumerate(TERMS)
        for phrase in group
        if (m := _pattern(phrase).search(question)) is not None
    )
    if not found:
        return question  # no name of art said: the table's labels need not be read
    labels = [tuple(tokenize(t)) for t in _term_labels(table)]
    taken: list[tuple[int, int, int, str]] = []
    for start, _, end, k, phrase in found:
        if all(end <= a or start >= b for a, b, _, _ in taken) and all(k != g for _, _, g, _ in taken):
            taken.append((start, end, k, phrase))
    for start, end, k, phrase in sorted(taken, reverse=True):
        if _writes(labels, phrase) or _RANKED_KIND.search(question[:start]):
            continue
        # one other name, however many spellings of it ("adjustment", "adjustments") the group lists
        written = {_phrase_tokens(other): other for other in TERMS[k] if _writes(labels, other)}
        longest = max(written, key=len, default=())
        if all(_writes([longest], written[other]) for other in written):  # "materials and consumables" is part
            written = {longest: written[longest]} if longest else {}  # of "raw materials and consumables"
        if len(written) == 1:
            question = f"{question[:start]}{next(iter(written.values()))}{question[end:]}"
    return question


def _label_texts(table: Table) -> set[str]:
    """The table's label texts an acronym is read in: its text cells (a cell opening with a digit is a value) and
    its columns' header chains, undotted."""
    labels = {
        undotted(" ".join(t.split()))
        for row in filled_grid(table)
        for t in row
        if t.strip() and not t.strip()[0].isdigit()
    }
    return labels | {undotted(table.column_name(c)) for c in range(table.n_cols)}


def spell_out(table: Table, question: str) -> str:
    """The question with each acronym ("R&D", "SG&A", "EPS") written as the words of the label it abbreviates
    (and a short form that is no acronym, "capex", in full):
    a run of a row or column label's words whose initials spell it ("and" as "&": "Research and development",
    "Selling, general and administrative", "Earnings per share"). An acronym that several different runs spell
    stays as it is; one the table itself writes stays too, but for a whole label spelling it out ("EBITDA" over
    "Earnings before interest, tax, depreciation and amortisation" and "Net debt to EBITDA"), which is added
    beside it unless the question says the label that writes it whole."""
    question = _short_forms_said(table, undotted(question))
    found = {m.group(1) for m in _ACRONYM.finditer(question)}
    labels = _label_texts(table)
    lowered = " ".join(question.lower().split())
    for acronym in found:
        said = re.compile(rf"(?<![\w&]){re.escape(acronym)}s?(?![\w&])")
        writers = [text for text in labels if said.search(text)]
        # a label that writes the acronym and that the question says whole ("net debt to EBITDA") is that label
        if any(" ".join(text.lower().split()) in lowered for text in writers):
            continue
        want = acronym.lower()
        spelled = set()
        for text in labels:
            if text.lstrip().startswith("("):  # a unit note ("(except per share data)") spells nothing
                continue
            words = _LABEL_WORD.findall(_TRAILING_NOTE.sub("", text))  # nor does one after a label ("(in millions)")
            if not words:
                continue
            # "US", or an acronym the table also writes inside another label: a whole label spelling it only
            whole = bool(writers) or ("&" not in acronym and len(acronym) < ACRONYM_MIN_LETTERS)
            # under ``whole``, a run ending the label spells it too ("Banking net interest margin" for "NIM")
            for i in range(len(words)):
                for j in range(len(words) if whole else i + 2, len(words) + 1):
                    got = _initials(words[i:j])
                    # "and" is the "&" of "R&D"; a plain acronym skips it ("EBITDA": "... depreciation and amortisation"),
                    # and a qualifier inside ("ROA": "Return on average assets", "EPS": "Earnings per common share")
                    bare = _initials([w for w in words[i + 1 : j - 1] if w.lower() not in _INNER_QUALIFIERS])
                    if words[i].lower() not in ("and", "&") and (
                        got == want
                        or ("&" not in want and got.replace("&", "") == want)
                        or (j - i > 2 and "&" not in want and f"{got[0]}{bare}{got[-1]}".replace("&", "") == want)
                        or ("&" not in want and _spelled_past_links(want, words[i:j]))
                    ):
                        spelled.add(" ".join(words[i:j]).lower())
        # a label that defines it ("Annual recurring revenue (ARR)"): the words before the brackets that spell it,
        # unless another label writing it shares a word of the question besides it ("AFFO per share" over "AFFO
        # per diluted share" beside "Adjusted funds from operations (AFFO)": that label is asked)
        runs = {text: _defining_runs(text, acronym) for text in writers}
        defined = {run for found in runs.values() for run in found}
        asked = set(tokenize(question)) - set(tokenize(acronym))
        if len(defined) == 1 and not any(set(tokenize(text)) & asked for text, found in runs.items() if not found):
            spelled = defined
        if len(spelled) > 1:  # "return on average" inside three labels, "return on average assets" one whole label
            wholes = {" ".join(_LABEL_WORD.findall(_TRAILING_NOTE.sub("", t))).lower() for t in labels}
            spelled = {w for w in spelled if w in wholes} or spelled
        if len(spelled) == 1:
            # kept beside its spelling when the table writes it too: both the row spelling it out and a longer
            # label holding it stay in reach, and the whole spelled label links best
            spelling = spelled.pop()
            question = said.sub(f"{acronym} {spelling}" if writers else spelling, question)
        elif not spelled and not writers and acronym in _STATEMENT_ACRONYMS:
            # one no label spells and none writes, said in its words: "EPS" over "Net income per common share:"
            question = said.sub(_STATEMENT_ACRONYMS[acronym], question)
    return _acronyms_said(labels, _numbered_spelled(labels, question))


# an acronym ending in a number ("CET1", "AT1", "T2"): its letters spell words that the number follows in a label
_NUMBERED_ACRONYM = re.compile(r"(?<![\w&])([A-Z]{2,5})(\d{1,2})s?(?![\w&])")
_LABEL_TOKEN = re.compile(r"[^\W\d_]+|\d+")


def _numbered_spelled(labels: set[str], question: str) -> str:
    """The question with "CET1" said as "CET1 Common Equity Tier 1" when a label writes those words, the number
    after the words whose initials spell the letters. Left as it is when different labels spell it differently,
    or when labels write it and its letters are a word of their own ("CET1 ratio" is linked by "CET"; "AT1" links
    only its number, "at" being no word that names anything)."""
    for m in list(_NUMBERED_ACRONYM.finditer(question)):
        letters, number = m.group(1).lower(), m.group(2)
        written = re.compile(rf"(?<![\w&]){re.escape(m.group(0))}(?![\w&])", re.IGNORECASE)
        if tokenize(letters) and any(written.search(text) for text in labels):
            continue
        spelled = set()
        for text in labels:
            words = _LABEL_TOKEN.findall(text)
            for i in range(len(words) - len(letters)):
                run = words[i : i + len(letters)]
                if words[i + len(letters)] == number and all(w.isalpha() for w in run) and _initials(run) == letters:
                    spelled.add(" ".join(run).lower())
        if len(spelled) == 1:
            said = re.compile(rf"(?<![\w&]){re.escape(m.group(0))}(?![\w&])")
            question = said.sub(f"{m.group(0)} {spelled.pop()} {number}", question, count=1)
    return question


# an acronym a label writes ("LTIFR(1)", "SAIDI (minutes)", "TRIFR"; "D&A", "SG&A", "A/R" with their "&" or "/"):
# capitals, a footnote mark may follow
_WRITTEN_ACRONYM = re.compile(r"(?<![\w&/])([A-Z]{3,6}|[A-Z]{1,2}&[A-Z]{1,2}|[A-Z]/[A-Z])s?(?![a-z&/])")


def _acronym_runs(labels: set[str], question: str) -> list[tuple[int, int, str]]:
    """The runs of question words (start, end, the acronym as written) whose initials spell an acronym a label
    writes ("the lost time injury frequency rate" for an "LTIFR" column); none for an acronym the question writes."""
    written = {m.group(1): m.group(0) for text in labels for m in _WRITTEN_ACRONYM.finditer(text)}
    runs = []
    for acronym in sorted(written):
        if re.search(rf"(?<![\w&/]){re.escape(acronym)}s?(?![\w&/])", question):
            continue
        words = list(re.finditer(r"[^\W\d_]+|&", question))
        want = acronym.replace("/", "").lower()  # "A/R": accounts receivable
        n = len(want)
        # a plain acronym may leave out an "and" ("EBIT": earnings before interest and taxes), or a "the" and an
        # "and" both ("EMEA": Europe, the Middle East and Africa)
        for i, j in ((i, i + k) for i in range(len(words)) for k in (n, n + 1, n + 2) if i + k <= len(words)):
            if words[i].group(0).lower() in _SKIPPED_SMALL or words[j - 1].group(0).lower() in _SKIPPED_SMALL:
                continue  # a run starts and ends on words the acronym spells
            got = _initials([m.group(0) for m in words[i:j]])
            small = "".join("" if m.group(0).lower() in _SKIPPED_SMALL else m.group(0)[0].lower() for m in words[i:j])
            if (
                got == want
                or (j == i + n + 1 and "&" not in want and got.replace("&", "") == want)
                or ("&" not in want and small == want)
            ):
                runs.append((words[i].start(), words[j - 1].end(), written[acronym]))
                break
    return runs


def _acronyms_said(labels: set[str], question: str) -> str:
    """The question with an acronym a label writes put beside the run of question words whose initials spell it
    ("the lost time injury frequency rate" over an "LTIFR" column), so the label is linked as if the question wrote
    it; the words stay for labels that spell them out. A question writing the acronym itself is left alone."""
    for _, end, written in sorted(_acronym_runs(labels, question), reverse=True):
        question = f"{question[:end]} {written}{question[end:]}"  # as the label writes it: "RWAs" a token of its own
    return question


def acronym_spelled(table: Table, question: str) -> list[str]:
    """The runs of question words that spell an acronym the table writes in a label ("weighted average exercise
    price" over a "WAEP (£)" column): each run is that label's name, its words ask for no operation."""
    return [question[start:end] for start, end, _ in _acronym_runs(_label_texts(table), question)]


# a superlative whose base word, or a word of the same sense, is a column's name ("High | Low" stock prices, "Max |
# Min" or "Minimum | Maximum" ranges, a "Maximum credit exposure" row): the question "the highest price in the first
# quarter" names that column, it asks for no maximum over cells. The label words each superlative may stand for,
# its own base word first
_SUPERLATIVE_BASE = {
    "highest": ("high", "maximum", "max"),
    "lowest": ("low", "minimum", "min"),
    "maximum": ("max", "high", "highest"),
    "minimum": ("min", "low", "lowest"),
}
_SUPERLATIVE = re.compile(rf"\b({'|'.join(_SUPERLATIVE_BASE)})\b", re.IGNORECASE)
_ASKS_NAME = re.compile(
    r"\b(which|who|whom|whose)\b|^\s*(in\s+|for\s+|during\s+)?what\s+(year|period|quarter|month)\b", re.I
)


def superlatives_named(table: Table, question: str) -> str:
    """The question with each superlative written as the label word it stands for ("highest" -> "high", or
    "maximum" over "Minimum | Maximum") when a column header or a row name holds that word as a word of its own
    and none holds the superlative itself; unchanged when the question asks for a name ("which quarter had the
    highest price": a maximum over cells) or already says such a word ("the highest High price")."""
    if _ASKS_NAME.search(question):
        return _superlatives_beside(table, question)
    words = _chain_words(table.column_chain(c) for c in range(table.n_cols)) | _chain_words(
        table.row_chain(r) for r in range(table.n_rows)
    )
    asked = {w.lower() for w in re.findall(r"\w+", question)}

    def base(m: re.Match[str]) -> str:
        said = m.group(1).lower()
        meant = _SUPERLATIVE_BASE[said]
        if said in words or any(w in asked for w in meant):
            return m.group(0)
        return next((w for w in meant if w in words), m.group(0))

    return _SUPERLATIVE.sub(base, question)


def _chain_words(chains: Iterable[list[str]]) -> set[str]:
    """The lowercase words of header chains' levels."""
    return {w for chain in chains for level in chain for w in re.findall(r"\w+", level.lower())}


def _superlatives_beside(table: Table, question: str) -> str:
    """A question asking a name ("in which quarter did the stock reach its highest price") with each superlative
    followed by the one word it stands for that a column header holds and no row name ("highest high price" over
    "High | Low"): the ranking is of that column. Unchanged where the question says such a word already."""
    columns = _chain_words(table.column_chain(c) for c in range(table.n_cols))
    rows = _chain_words(table.row_chain(r) for r in range(table.n_rows))
    asked = {w.lower() for w in re.findall(r"\w+", question)}

    def beside(m: re.Match[str]) -> str:
        meant = _SUPERLATIVE_BASE[m.group(1).lower()]
        if any(w in asked for w in meant):
            return m.group(0)
        found = [w for w in meant if w in columns and w not in rows]
        return f"{m.group(0)} {found[0]}" if len(found) == 1 else m.group(0)

    return _SUPERLATIVE.sub(beside, question)


def plain_words(text: str) -> str:
    """Lower case, punctuation as spaces (``%`` kept), one space between words: for phrase containment."""
    return " ".join(re.sub(r"[^\w%]+", " ", text.lower()).split())


def phrase_left_out(text: str, phrase: str) -> str:
    """``text`` in plain words (`plain_words`) without each whole occurrence of ``phrase``; ``text`` as it is when it
    does not say ``phrase``."""
    said, gone = f" {plain_words(text)} ", plain_words(phrase)
    if not gone or f" {gone} " not in said:
        return text
    return said.replace(f" {gone} ", " ")


# "A or B": the answer is one of the alternatives the question names, so naming it is no echo
_OFFERS_CHOICE = re.compile(r"\bor\b|\bversus\b|\bvs\b", re.IGNORECASE)


def echoes_the_question(question: str, value: str | None) -> bool:
    """A cell taken as the answer that the question itself states ("how many artists charted in 2010?" answered
    "2010", "Tim finished in 76 laps, who was next?" answered "76"): that cell is how the question finds its row,
    never what it asks, so the answer is no answer. A question offering alternatives ("A or B") is answered by
    naming one, so it is left alone."""
    if value is None or _OFFERS_CHOICE.search(question):
        return False
    said = plain_words(value)
    if _days_left_out(value) == value:  # "30 June 2018" states a date, not the amount "(30)"
        question = _days_left_out(question)
    return bool(said) and f" {said} " in f" {plain_words(question)} "


_MONTH_NAME = rf"{MONTH_NAME}\.?"
# the day of a date written with its month ("30 June", "June 30,"): part of the date, no number of its own
_DAY_BEFORE = re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?(?=\s+{_MONTH_NAME}(?!\w))", re.IGNORECASE)
_DAY_AFTER = re.compile(rf"\b({_MONTH_NAME})\s+\d{{1,2}}(?:st|nd|rd|th)?(?![\d,.]\d)\b", re.IGNORECASE)


def _days_left_out(text: str) -> str:
    return _DAY_AFTER.sub(lambda m: m.group(1), _DAY_BEFORE.sub(" ", text))


_QUOTED = re.compile(r'^\s*(["\u201c\u2018\'])([^"\u201c\u201d]+)(["\u201d\u2019\'])\s*$')  # a whole text in one pair


def unquoted(text: str) -> str:
    """A cell's text without the one pair of quotation marks around all of it ('"Pacifier"', a song title set in
    quotes, is the title Pacifier); text with quotes inside, or only at one end, as it is."""
    m = _QUOTED.match(text)
    if m is None or m.group(1) == "'" and m.group(3) != "'":
        return text
    return m.group(2).strip()


def label_phrases(table: Table) -> list[str]:
    """Every row and column label of the table in plain words (lower case, punctuation as spaces)."""
    grid = filled_grid(table)
    texts = {t for row in grid for t in row if t.strip() and not t.strip()[0].isdigit()}
    texts |= {level for c in range(table.n_cols) for level in table.column_chain(c)}
    return [p for p in (plain_words(t) for t in texts) if p]


# words said beside any other ("increase in", "the total"): beside an operation word they make it part of no name
_FUNCTION_WORDS = frozenset(
    ["in", "of", "the", "a", "an", "for", "to", "and", "on", "at", "by", "from", "or", "with", "as"]
)


def _beside(words: list[str]) -> str:
    """The words next to a label's word, in order away from it: the first, or a function word and the one after it
    ("for tax"); "" when there is none, or only function words."""
    near = words[:1] if words and words[0] not in _FUNCTION_WORDS else words[:2]
    return " ".join(near) if near and near[-1] not in _FUNCTION_WORDS else ""


def said_with_a_label(labels: list[str], question: str, word: str) -> bool:
    """The question says ``word`` (an operation word: "minimum", "total", "average") together with the next or the
    previous word of a label that holds it ("the minimum lease payments in 2020" beside a "Total minimum lease
    payments" row): the word is part of the quantity's name, it asks for no operation."""
    said, asked = plain_words(word), f" {plain_words(question)} "
    if not said:
        return False
    for label in labels:
        words = label.split()
        n = len(said.split())
        for i in range(len(words) - n + 1):
            if " ".join(words[i : i + n]) != said:
                continue
            # a function word beside it ("increase in", "the total") is said beside any word: it is part of the
            # name only with the label's next word too ("decreases for tax positions")
            after = _beside(words[i + n :])
            before = " ".join(reversed(_beside(list(reversed(words[:i]))).split()))
            if (after and f" {said} {after} " in asked) or (before and f" {before} {said} " in asked):
                return True
            # one word put between ("the minimum operating lease payments" beside "Total minimum lease payments")
            if after and re.search(rf" {re.escape(said)} \w+ {re.escape(after)} ", asked):
                return True
            # the label's head noun a few words on said right after it ("the capital lease minimum payments" beside
            # "Present value of net minimum capital lease payments")
            ahead = [w for w in words[i + n : i + n + LABEL_HEAD_REACH] if w not in _FUNCTION_WORDS]
            if ahead and i + n + LABEL_HEAD_REACH >= len(words) and f" {said} {ahead[-1]} " in asked:
                return True
    return False


LABEL_HEAD_REACH = 3  # a label's last word this near after an operation word is the noun it qualifies


# the thing a count counts: the words after "how many" / "the number of" up to the verb ("how many [standard gauge
# locomotives] were built", "what is the number of [countries] that won ...", "how many [times] is X listed")
_COUNTED = re.compile(
    r"^\W*(?:in\s+)?(?:how\s+many|(?:(?:what|tell\s+me)\s+(?:(?:is|are|was|were)\s+)?)?the\s+number\s+of)\s+"
    r"(?:of\s+(?:these|the|his|her|their)\s+)?(?!(?:were|was|did|do|does|are|is|have|has|had)\b)(?P<thing>(?:[^\W\d_][\w'-]*\s+){0,2}?[^\W\d_][\w'-]*)"
    r"\s+(?:were|was|did|do|does|are|is|have|has|had|that|who|which|with|in|from|on|at|ran|aired|occurred|listed)\b",
    re.IGNORECASE,
)


def counted_thing(question: str) -> str | None:
    """What a count question counts ("how many films were made before 2000" -> "films"); None when it says none."""
    m = _COUNTED.search(question)
    return m.group("thing") if m else None


def route_past_labels(labels: list[str], question: str) -> Route:
    """The rules' route once every operation word the question says as part of a label ("Total assets", "minimum
    lease payments") is read as that label's (`said_with_a_label`)."""
    return route_without(question, lambda text: said_with_a_label(labels, question, text))


# a year named by its neighbour ("the year before fiscal 2019", "the fiscal year preceding 2019", "the year after
# 2017"): the year itself, as the table's columns name it
_NEIGHBOUR_YEAR = re.compile(
    r"(?:(?<=\bin\s)|(?<=\bfor\s)|(?<=\bduring\s)|(?<=\bover\s)|(?<=\bof\s))(?:the\s+)?((?:fiscal\s+|financial\s+)?)year\s+"
    r"(before|prior\s+to|preceding|after|following)\s+"
    r"(?:(fiscal|financial)\s+(?:year\s+)?|FY\s?)?((?:19|20)\d\d)\b",
    re.IGNORECASE,
)


# a phrase leaving something out set before the question word ("Outside the United States, which country ...",
# "Excluding Corporate, which segment ..."): a qualifier of what is asked, said after it as usual ("Among A, B and
# C, which ..." names the candidates, a list no rule reads after the question: left as said)
_FRONTED = re.compile(
    r"^\s*(?P<front>(?:outside|excluding|except|apart\s+from|aside\s+from|besides)\b[^?]{1,80}?),\s*"
    r"(?P<rest>(?:which|what)\b[^?]*?)\s*(?P<end>\?)?\s*$",
    re.IGNORECASE,
)


def fronted_said_after(question: str) -> str:
    """The question with a qualifying phrase set before its question word said after the rest ("Outside the United
    States, which country held the most assets?" is "Which country held the most assets, outside the United
    States?"): the question word opens it, as the rules read it. Unchanged otherwise."""
    m = _FRONTED.match(question)
    if m is None:
        return question
    rest = m.group("rest")
    return f"{rest[0].upper()}{rest[1:]}, {m.group('front')[0].lower()}{m.group('front')[1:]}{m.group('end') or ''}"


def neighbour_years_said(question: str) -> str:
    """The question with a year named by the year next to it said as that year: "in the year before fiscal 2019"
    is "in fiscal 2018" ("the years after 2026" are every later year, no one year); so for a year so many years
    from another ("two years before 2019": 2017; "in the prior year relative to 2021": "in 2020")."""

    def year(m: re.Match[str]) -> str:
        step = 1 if m.group(2).lower() in ("after", "following") else -1
        fiscal = "fiscal " if (m.group(1) or m.group(3)) else ""
        return f"{fiscal}{int(m.group(4)) + step}"

    def counted(m: re.Match[str]) -> str:
        said = (m.group("n") or "one").lower()
        n = int(said) if said.isdigit() else _COUNT_WORDS[said]
        later = m.group("way").lower().startswith(("after", "later"))
        if m.group("prior") and later:
            return m.group(0)  # "the prior year after 2019" says no one year
        return f"{m.group('lead') or ''}{int(m.group('year')) + (n if later else -n)}"

    return _YEARS_AWAY.sub(counted, _NEIGHBOUR_YEAR.sub(year, question))


_COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
# a year said as so many years from another ("two years before 2019", "the prior year relative to 2021"): that year;
# "the two years before 2019" is a span, no one year
_YEARS_AWAY = re.compile(
    r"(?P<lead>\bin\s+)?(?:(?<!\bthe\s)(?<!\blast\s)(?<!\bnext\s)(?P<n>\b(?:one|two|three|four|five|\d))\s+years?"
    r"|(?:the\s+)?(?P<prior>prior|previous|preceding)\s+year)"
    r"\s+(?P<way>before|prior\s+to|earlier\s+than|after|later\s+than|relative\s+to|compared\s+(?:to|with))\s+"
    r"(?P<year>(?:19|20)\d\d)\b",
    re.IGNORECASE,
)
