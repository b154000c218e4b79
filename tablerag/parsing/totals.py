"""Total rows a report prints without a label: under a run of amounts, a rule and a row of sums with an empty stub
("Cash | 1,000", "Receivables | 500", "| 1,500"). Such a row is named by what its numbers are, the sum of the rows
above it, so a question asking for "the total in 2019" finds it and a sum over the column does not count it twice.
Its cells keep their text; only its row-header chain gains the word."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tablerag.model import Table
from tablerag.parsing.numbers import is_nil_mark
from tablerag.text.tokens import detect_language

SUM_ABS_TOLERANCE = 1.0  # parts printed rounded (in thousands, in millions) may miss their stated total by a unit
SUM_REL_TOLERANCE = 0.001  # ... or by a rounding share of a large total
MIN_PARTS = 2  # one row above "summing" to the row is a repeated value, not a total
MIN_LABELLED_SHARE = 0.5  # most rows of amounts carry a label where an unlabelled one stands out as a total
MAX_PARTS = 200  # a printed total sums at most this many rows above it; a longer register labels its totals
_DASH = re.compile(r"^[\s\-\u2010-\u2015_]*$")  # "—", "-", "__": an empty amount, no label
TOTAL_WORDS = {"zh": "合计", "ru": "Итого"}  # the word the table's own script writes; "Total" for Latin scripts
LATIN_TOTAL = "Total"


def _word(table: Table) -> str:
    return TOTAL_WORDS.get(detect_language(" ".join(c.text for c in table.cells)), LATIN_TOTAL)


def named_total(chain: list[str]) -> bool:
    """The row-header chain ends in the word `label_total_rows` gives an unlabelled row of sums."""
    return bool(chain) and chain[-1] in (LATIN_TOTAL, *TOTAL_WORDS.values())


# a line that says it totals the lines above it: "Total international", "Subtotal", "Итого", "合计"
_TOTAL_LINE = re.compile(r"^\s*(?:sub-?\s?)?total\b|^\s*(?:итого|всего)|^\s*合计", re.IGNORECASE)


def says_total(label: str) -> bool:
    """A label that says it totals the lines (or columns) beside it: "Total", "Subtotal", "Итого", "合计"."""
    return _TOTAL_LINE.match(label) is not None


def summed_items(table: Table, row: int) -> list[int]:
    """The rows ``row`` sums (`summed_parts`), each part that is a total line itself ("Total international" under
    "International:") replaced by the rows it sums when a lone line stands beside it ("United States"): the items a
    ranking of the whole's kind takes, no subtotal among them. Where every part is a section's total,
    the sections are the items."""
    parts = summed_parts(table, row)
    subtotals = {
        r: own
        for r in parts
        if (chain := table.row_chain(r))
        and (named_total(chain) or says_total(chain[-1]))
        and (own := summed_parts(table, r))
    }
    if len(subtotals) == len(parts):  # the sections' totals alone: each section is an item ("Total Services")
        return parts
    return [r for p in parts for r in subtotals.get(p, [p])]


def _close(total: float, parts: float) -> bool:
    return abs(total - parts) <= max(SUM_ABS_TOLERANCE, SUM_REL_TOLERANCE * abs(total))


def unlabelled_totals(table: Table) -> list[int]:
    """The unlabelled body rows whose amounts are the sums of the nearest rows above them (two or more, back at most
    to a section row or the header: a subtotal and the rows after it sum to the next total)."""
    values, labelled, _ = _amounts_and_nils(table)
    if len(labelled) < MIN_PARTS or len(labelled) < MIN_LABELLED_SHARE * len(values):
        return []  # no stub of labels: an unlabelled row is one row like the others
    return [r for r in summing_rows(table) if r not in labelled]


def summing_rows(table: Table) -> list[int]:
    """The body rows, labelled or not, whose amounts are the sums of the nearest rows above them, in one pass: every
    amount of the row counts, percentages too, and every row above is a part, an "Of which" line too (`summed_parts`,
    asked of one row, leaves both out)."""
    values, labelled, nils = _amounts_and_nils(table)
    walk = _runs_walked(table, table.n_rows, values, labelled, _with_nils(values, nils), set(), sub_parts=True)
    return [r for r, summed in walk if summed]


def _runs_walked(
    table: Table,
    end: int,
    values: dict[int, dict[int, float]],
    labelled: set[int],
    as_parts: dict[int, dict[int, float]],
    shares: set[int],
    sub_parts: bool,
) -> Iterator[tuple[int, list[int]]]:
    """Each body row above ``end`` with amounts or nil marks, with the nearest rows since its section began that its
    amounts sum ([] when none, and for a nil line: an item adding nothing). The columns ``shares`` are left out of
    the sum unless the row has no other amounts; ``sub_parts``: an "Of which" line is a part too, else skipped."""
    parts: list[int] = []  # rows with amounts since the section began
    for r in range(table.header_rows, end):
        if not sub_parts and SUB_PART.match(" ".join(table.row_chain(r)[-1:])):
            continue
        if r not in values:
            if r in as_parts:  # an item all of whose amounts are nil: a part of the run, adding nothing
                parts.append(r)
                yield r, []
            elif r in labelled:  # a section row: its rows are parts of their own
                parts = []
            continue
        own = {c: v for c, v in values[r].items() if c not in shares} or values[r]
        n = _summed_run(as_parts, parts, own)
        yield r, parts[len(parts) - n :] if n else []
        parts.append(r)


def label_total_rows(table: Table) -> list[int]:
    """Name each of the `unlabelled_totals` with the table's word for a total, after its sections. Returns the rows
    named."""
    word = _word(table)
    named: list[int] = []
    for r in unlabelled_totals(table):
        chain = table.row_headers[r] if r < len(table.row_headers) else None
        if chain is not None and not named_total(chain):  # named once, however often the table is read
            table.row_headers[r] = [*chain, word]
            named.append(r)
    return named


def _amounts_and_nils(table: Table) -> tuple[dict[int, dict[int, float]], set[int], dict[int, set[int]]]:
    """The body's amounts by row and column, the rows holding a label (text that is no nil amount), and each row's
    columns printed as a nil mark ("–", "$ —"): a part that adds nothing to its total."""
    values: dict[int, dict[int, float]] = {}
    labelled: set[int] = set()
    nils: dict[int, set[int]] = {}
    for cell in table.cells:
        if cell.row < table.header_rows or not cell.text.strip():
            continue
        if cell.value is not None:
            values.setdefault(cell.row, {})[cell.col] = cell.value
        elif _DASH.match(cell.text) or is_nil_mark(cell.text):  # "$ —" is a nil amount too, no label
            nils.setdefault(cell.row, set()).add(cell.col)
        else:
            labelled.add(cell.row)
    return values, labelled, nils


# a line inside the line above it ("Of which: ETFs", "thereof: ..."), counted in that line's amount already
SUB_PART = re.compile(r"^\s*(?:of\s+which|thereof)\b", re.IGNORECASE)


MIN_CROSS_COLUMNS = 2  # a total across sections is checked in this many columns at least


def summed_parts(table: Table, row: int) -> list[int]:
    """The rows whose amounts ``row``'s amounts are the sums of: the nearest MIN_PARTS or more rows with amounts
    above it, back at most to a section row or the header (the items under "Total stock-based compensation
    expense"); [] when no such run sums to it."""
    values, labelled, nils = _amounts_and_nils(table)
    if row not in values:
        return []
    parts: list[int] = []
    every: list[int] = []  # the rows with amounts of every section above
    for r in range(table.header_rows, row):
        if SUB_PART.match(" ".join(table.row_chain(r)[-1:])):
            continue  # "Of which: ETFs" is inside the line above it: no part of its own
        if r in values or r in nils:
            parts.append(r)
            every.append(r)
        elif r in labelled:  # a section row: the rows above it are another section's parts
            parts = []
    # percentages need not add up (a "% change" of a total is no sum of its parts' changes): the amounts decide
    shares = {c.col for c in table.cells if c.unit == "%" and c.value is not None}
    own = {c: v for c, v in values[row].items() if c not in shares} or values[row]
    with_nils = _with_nils(values, nils)
    n = _summed_run(with_nils, parts, own)
    if n:
        return parts[len(parts) - n :]
    # a total of the rows of every section above it, none subtotalled ("Current: / Federal / Foreign | Deferred: /
    # Federal / Foreign | Provision for income taxes"), checked in two columns at least (one may sum by chance)
    if len(every) > len(parts) and len(own) >= MIN_CROSS_COLUMNS and _summed_run(with_nils, every, own) == len(every):
        return every
    # a total of the sections' own totals ("Total current" and "Total deferred" summing to "Provision for income
    # taxes"), each of them the sum of the rows right above it in its section
    subs = [r for r in summing_rows(table) if r < row]
    if len(subs) >= MIN_PARTS and len(own) >= MIN_CROSS_COLUMNS and _summed_run(with_nils, subs, own) == len(subs):
        return subs
    # a total of lines and of sections' totals ("United States" + "Foreign: ... Total foreign" summing to "Income
    # before income taxes"): every line above less the items a subtotal already sums
    tops = _outer_lines(table, row, values, labelled, with_nils, shares)
    if (
        MIN_PARTS <= len(tops) < len(every)
        and len(own) >= MIN_CROSS_COLUMNS
        and _summed_run(with_nils, tops, own) == len(tops)
    ):
        return tops
    return []


def _outer_lines(
    table: Table,
    row: int,
    values: dict[int, dict[int, float]],
    labelled: set[int],
    as_parts: dict[int, dict[int, float]],
    shares: set[int],
) -> list[int]:
    """The rows with amounts (or nil marks) above ``row``, less those a subtotal above sums: the lines a total of
    subtotals and lone lines adds up."""
    outer: list[int] = []
    for r, summed in _runs_walked(table, row, values, labelled, as_parts, shares, sub_parts=False):
        outer = [x for x in outer if x not in summed]
        outer.append(r)
    return outer


def _with_nils(values: dict[int, dict[int, float]], nils: dict[int, set[int]]) -> dict[int, dict[int, float]]:
    """The amounts with each nil mark as a zero: what a part adds to a total."""
    out = {r: dict(v) for r, v in values.items()}
    for r, cols in nils.items():
        for c in cols:
            out.setdefault(r, {}).setdefault(c, 0.0)
    return out


def _summed_run(values: dict[int, dict[int, float]], parts: list[int], own: dict[int, float]) -> int:
    """How many of the nearest parts above a row (MIN_PARTS or more, at most MAX_PARTS) sum to every amount ``own``
    of that row in its column, each of them holding an amount (or a nil mark) there; 0 when no run does."""
    sums = dict.fromkeys(own, 0.0)
    for n, p in enumerate(reversed(parts[-MAX_PARTS:]), start=1):
        if any(c not in values[p] for c in own):
            return 0
        for c in own:
            sums[c] += values[p][c]
        if n >= MIN_PARTS and all(_close(v, sums[c]) for c, v in own.items()):
            return n
    return 0


MIN_DERIVED_COLUMNS = 2  # a net line checked in one column only could match by chance
MIN_NETTED_RUN = 2  # lines between a total and its net, all netted together (one alone is tried on its own)


def net_of_total_rows(table: Table, totals: list[int]) -> list[int]:
    """Rows below a total that are that total less (or plus) a row between them ("Total | 5,015", "Income tax
    benefit | 1,133", "Net | 3,882"), or every row between them ("Total debt", "Less: issuance costs", "Less: current
    maturities", "Long-term debt, net"): a net line is a total too, no item beside the ones it nets, and so is a
    net line of a net line ("Gross deferred tax assets", "Valuation allowance", "Deferred tax assets, net", the
    liabilities, "Net deferred tax assets (liabilities)"). Checked in every column the net row fills, two at least."""
    amounts, _, nils = _amounts_and_nils(table)
    values = _with_nils(amounts, nils)  # a dash between is nothing netted ("Less: current portion | (998) | —")
    out: list[int] = []
    known = set(totals)
    pending = list(totals)
    # a line a later total sums is an item of it, though it equals a total above less the lines between ("Online
    # marketplaces" under "Total revenue", "Direct", "Channel partners", then "Total revenue" again)
    items = {p for t in totals for p in summed_parts(table, t)}
    while pending:
        t = pending.pop(0)
        for r in range(t + 1, table.n_rows):
            own = amounts.get(r, {})
            if (
                r in known
                or r in items
                or len(own) < MIN_DERIVED_COLUMNS
                or any(c not in values.get(t, {}) for c in own)
            ):
                continue
            singles = [[values.get(x, {})] for x in range(t + 1, r) if x not in known]
            between = [values[x] for x in range(t + 1, r) if values.get(x)]  # a heading between holds nothing
            run = [between] if len(between) >= MIN_NETTED_RUN else []
            if any(
                _nets(own, values[t], parts) for parts in [*singles, *run] if all(c in p for p in parts for c in own)
            ):
                out.append(r)
                known.add(r)
                pending.append(r)
    return sorted(out)


def _nets(own: dict[int, float], total: dict[int, float], parts: list[dict[int, float]]) -> bool:
    """``own`` is ``total`` less (or plus) the sum of ``parts`` in each of its columns."""
    netted = {c: sum(p[c] for p in parts) for c in own}
    return all(_close(own[c], total[c] - netted[c]) for c in own) or all(
        _close(own[c], total[c] + netted[c]) for c in own
    )


MIN_SUMMING_ROWS = 2  # a column of sums is checked in two rows at least: one row may sum by chance
MIN_SUMMING_SHARE = 0.5  # ... and sums in most rows (a per-share or percentage row of quarters need not add up)


def summing_column(table: Table, cols: list[int]) -> int | None:
    """The one column of ``cols`` (three or more) whose amounts are the sums of the others' in most rows that fill
    them all, each part of the whole's sign ("Q1 | Q2 | Q3 | Q4 | Full Year"): the whole the others are parts of,
    whatever its header says; None when no column or more than one sums so."""
    if len(cols) <= MIN_PARTS:
        return None
    amounts, _, _ = _amounts_and_nils(table)
    full = [v for v in amounts.values() if all(c in v for c in cols)]
    if len(full) < MIN_SUMMING_ROWS:
        return None
    found = []
    for c in cols:
        # parts of one sign with their whole: a roll-forward's closing balance sums its opening and its signed
        # movements, and is no whole of them
        sums = sum(
            _close(v[c], sum(v[o] for o in cols if o != c))
            and v[c] != 0
            and all(v[o] * v[c] >= 0 for o in cols if o != c)
            for v in full
        )
        if sums >= MIN_SUMMING_ROWS and sums >= MIN_SUMMING_SHARE * len(full):
            found.append(c)
    return found[0] if len(found) == 1 else None
