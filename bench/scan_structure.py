"""What the image path makes of the scanned report tables (a structure probe, not a QA figure):

    python bench/scan_structure.py [--part tune] [--limit N] [--show 0]

Each TAT-QA dev context of the part (the same hash split as bench/qa_reports.py; the kept part prints only its
totals, never a table) is typeset and rendered as bench/qa_reports.py's scanned format does (`write_files`, 200-dpi
image-only PDF) and parsed through the bench's parse cache (`ParseCache`: image digest + parsing fingerprint). The
table we read (the one sharing the most words with the gold) is compared with TAT-QA's own grid:
- rows, aligned in order by their words: matched (one to one), merged (two or more gold rows in one of ours: a
  total row with an empty label taken into the row above), split (one gold row over several of ours), missed,
  extra (rows of ours with no gold row: the paragraph above taken into the table); rows of ours holding words no
  gold row has (``rows with foreign words``);
- columns, over the matched body rows: matched, missed (two gold columns in one of ours: "2019 2018" in one cell), split
  (one gold column over two of ours), lost (no column of ours), with no body text (nothing to place);
- body cells of matched rows and matched columns: equal (after number normalisation), different, gold empty but
  read as text, gold text read as empty, gold dash ("-", "—") lost (read as empty or as something else);
- header rows: ours against what the grid says (`csv_structure.expected_header`): equal, fewer, more;
- tables: none found, one, several.

Scanning a page is slow (OCR); ``--stages`` (default on) keeps each page's OCR words and language guess in
bench/out/scan_stages/ keyed by the page image, the OCR arguments and the OCR code, so a change to the table
building (grid, rows, columns, headers) reads no page again. Prints the counts per cause.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from csv_structure import expected_header  # noqa: E402
from qa_reports import DATA, Format, ParseCache, part_of, stage_cache, write_files  # noqa: E402

from tablerag.model import Table  # noqa: E402
from tablerag.parsing.numbers import parse_number  # noqa: E402

WORK = ROOT / "bench" / "out" / "scan_structure"
DASHES = frozenset({"-", "—", "–", "−"})
MERGE_MAX = 3  # at most this many gold rows in one of ours (or one gold row over this many of ours) are looked for
GROUP_COST = 0.5  # a merge or split must explain more words than a one-to-one match plus this
FOREIGN_MIN = 3  # a matched row of ours holding this many words no gold row of its group has carries foreign text
_PUNCT = re.compile(r"^[\s$€£¥%():;,.*]+|[\s$€£¥%():;,.*]+$")


# --- comparison ---------------------------------------------------------------------------------------------------
def token(word: str) -> str:
    """A word as rows are compared: lower case, one apostrophe, no surrounding punctuation or currency, no
    thousands separators."""
    t = _PUNCT.sub("", word.lower().replace("\u2019", "'").replace("\u2018", "'"))
    return t.replace(",", "") if re.fullmatch(r"[\d,.]+", t) else t


def tokens(text: str) -> list[str]:
    """The cell's words as `token`s; a word of signs only ("%", "$") stays as it is, a dash is left out."""
    return [t for t in (token(w) or w for w in text.split()) if t not in DASHES]


def _overlap(a: Counter[str], b: Counter[str]) -> int:
    return sum((a & b).values())


def _norm(text: str) -> str:
    return "".join(text.split()).lower()


def same_cell(gold: str, ours: str) -> bool:
    g, o = _norm(gold), _norm(ours)
    if g == o:
        return True
    gv, ov = parse_number(gold.strip()), parse_number(ours.strip())
    if gv is not None and ov is not None and abs(gv.value - ov.value) <= 1e-9 * max(1.0, abs(gv.value)):
        return True
    return tokens(gold) == tokens(ours) and bool(tokens(gold))


@dataclass
class Group:
    gold: list[int]  # gold row numbers (empty: an extra row of ours)
    ours: list[int]  # our row numbers (empty: a missed gold row)


def align_rows(gold: list[Counter[str]], ours: list[Counter[str]]) -> list[Group]:
    """Gold rows and ours aligned in order, one to one, many to one (merged) or one to many (split), or left alone,
    maximising the words they share (a merge or split must explain GROUP_COST more words than the one-to-one)."""
    n, m = len(gold), len(ours)
    best = [[-1.0] * (m + 1) for _ in range(n + 1)]
    move: list[list[tuple[int, int]]] = [[(0, 0)] * (m + 1) for _ in range(n + 1)]
    best[0][0] = 0.0
    for i in range(n + 1):
        for j in range(m + 1):
            if best[i][j] < 0:
                continue
            steps = [(1, 0), (0, 1), (1, 1)] + [(k, 1) for k in range(2, MERGE_MAX + 1)]
            steps += [(1, k) for k in range(2, MERGE_MAX + 1)]
            for di, dj in steps:
                a, b = i + di, j + dj
                if a > n or b > m:
                    continue
                score = 0.0
                if di and dj:
                    g = sum((gold[x] for x in range(i, a)), Counter())
                    o = sum((ours[y] for y in range(j, b)), Counter())
                    shared = _overlap(g, o)
                    if di > 1 or dj > 1:  # each part of a group must share words, or it is not a group
                        parts_g = all(_overlap(gold[x], o) for x in range(i, a))
                        parts_o = all(_overlap(g, ours[y]) for y in range(j, b))
                        if not (parts_g and parts_o):
                            continue
                        shared -= GROUP_COST
                    if shared <= 0:
                        continue
                    score = shared
                if best[i][j] + score > best[a][b]:
                    best[a][b] = best[i][j] + score
                    move[a][b] = (di, dj)
    groups: list[Group] = []
    i, j = n, m
    while i or j:
        di, dj = move[i][j]
        groups.append(Group(list(range(i - di, i)), list(range(j - dj, j))))
        i, j = i - di, j - dj
    return groups[::-1]


def _filled_rows(grid: list[list[str]]) -> list[int]:
    return [r for r, row in enumerate(grid) if any(c.strip() for c in row)]


def our_grid(table: Table) -> list[list[str]]:
    return table.grid()


def main_table(gold: list[list[str]], tables: list[Table]) -> Table | None:
    want = Counter(t for row in gold for c in row for t in tokens(c))
    scored = [
        (_overlap(want, Counter(t for row in tb.grid() for c in row for t in tokens(c))), k)
        for k, tb in enumerate(tables)
    ]
    best = max(scored, default=(0, -1))
    return tables[best[1]] if best[0] > 0 else None


def compare(gold: list[list[str]], tables: list[Table]) -> Counter[str]:
    """Counts per cause for one table."""
    out: Counter[str] = Counter()
    out[f"tables: {'none' if not tables else 'one' if len(tables) == 1 else 'several'}"] += 1
    table = main_table(gold, tables)
    n_gold = max(len(r) for r in gold)
    gold = [r + [""] * (n_gold - len(r)) for r in gold]
    g_rows = _filled_rows(gold)
    out["gold rows"] += len(g_rows)
    out["gold columns"] += n_gold
    if table is None:
        out["rows missed"] += len(g_rows)
        return out
    grid = table.grid()
    o_rows = _filled_rows(grid)
    g_bags = [Counter(t for c in gold[r] for t in tokens(c)) for r in g_rows]
    o_bags = [Counter(t for c in grid[r] for t in tokens(c)) for r in o_rows]
    groups = align_rows(g_bags, o_bags)
    pairs: list[tuple[int, int]] = []  # (gold row, our row) matched one to one
    first_body = None
    head = expected_header(gold)
    for grp in groups:
        if grp.gold and grp.ours:
            kind = "matched" if len(grp.gold) == len(grp.ours) == 1 else "merged" if len(grp.gold) > 1 else "split"
            out[f"rows {kind}"] += len(grp.gold)
            g = sum((g_bags[x] for x in grp.gold), Counter())
            o = sum((o_bags[y] for y in grp.ours), Counter())
            out["rows with foreign words"] += sum((o - g).values()) >= FOREIGN_MIN
            if kind == "matched":
                pairs.append((g_rows[grp.gold[0]], o_rows[grp.ours[0]]))
            if first_body is None and g_rows[grp.gold[-1]] >= head:
                first_body = o_rows[grp.ours[0]]
        elif grp.gold:
            out["rows missed"] += 1
        else:
            out["rows extra"] += 1
            out["rows extra above the first gold row"] += all(
                not g.ours or g is grp for g in groups[: groups.index(grp) + 1]
            )
    # columns: where each gold column's words land among ours, over the matched body rows (a header label centred
    # over several columns sits in any one of them in the gold grid), left to right: a gold cell
    # takes its words from the first of our cells (not left of the previous gold cell's) that still hold them,
    # and from the cells right after it while they hold more (a repeated header such as "% of Total" lands once)
    land: dict[int, Counter[int]] = {c: Counter() for c in range(n_gold)}
    for gr, orow in pairs:
        if gr < head:
            continue
        left = [
            Counter(t for t in tokens(grid[orow][oc]) if any(ch.isalnum() for ch in t)) for oc in range(table.n_cols)
        ]
        at = 0
        for gc in range(n_gold):
            want = Counter(t for t in tokens(gold[gr][gc]) if any(ch.isalnum() for ch in t))  # "$" lands anywhere
            oc = next((k for k in range(at, table.n_cols) if _overlap(want, left[k])), None)
            while want and oc is not None and oc < table.n_cols and _overlap(want, left[oc]):
                took = want & left[oc]
                land[gc][oc] += sum(took.values())
                want -= took
                left[oc] -= took
                at = oc
                oc += 1
    home = {gc: cnt.most_common(1)[0][0] for gc, cnt in land.items() if cnt}
    shared_home = Counter(home.values())
    for gc in range(n_gold):
        if gc not in home:
            body = any(tokens(gold[gr][gc]) for gr, _ in pairs if gr >= head)
            out["columns lost" if body else "columns with no body text"] += 1
            continue
        total = sum(land[gc].values())
        if shared_home[home[gc]] > 1:
            out["columns missed (two gold columns in one)"] += 1
        elif land[gc][home[gc]] < 0.8 * total:
            out["columns split"] += 1
        else:
            out["columns matched"] += 1
    one_to_one = {gc: oc for gc, oc in home.items() if shared_home[oc] == 1}
    for gr, orow in pairs:
        if gr < head:
            continue
        for gc, oc in one_to_one.items():
            g, o = gold[gr][gc].strip(), grid[orow][oc].strip()
            if g in DASHES or (g and all(ch in DASHES for ch in g.replace(" ", ""))):
                dash_ok = bool(o) and all(ch in DASHES for ch in o.replace(" ", "").strip("$€£%"))
                out["cells gold dash"] += 1
                out[
                    "cells gold dash read empty"
                    if not o
                    else "cells gold dash kept"
                    if dash_ok
                    else "cells gold dash read as other"
                ] += 1
            elif not g:
                out["cells gold empty"] += 1
                out["cells gold empty read as text"] += bool(o)
            elif not o:
                out["cells gold text read empty"] += 1
            else:
                out["cells equal" if same_cell(g, o) else "cells different"] += 1
    ours_head = table.header_rows
    want_head = ours_head if first_body is None else first_body
    out["header rows: " + ("equal" if ours_head == want_head else "fewer" if ours_head < want_head else "more")] += 1
    return out


def pages(contexts: list[dict[str, Any]], parts: set[str], limit: int | None) -> list[tuple[int, dict[str, Any]]]:
    todo = [(i, c) for i, c in enumerate(contexts) if part_of(c["table"]["uid"]) in parts]
    return todo[:limit] if limit else todo


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--part", choices=["tune", "kept"], default="tune")
    parser.add_argument("--limit", type=int, default=None, help="first N contexts of the part (iteration only)")
    parser.add_argument("--show", type=int, default=0, help="list this many tune tables with a row or column miss")
    parser.add_argument("--no-stages", action="store_true", help="no OCR stage cache (every page read in full)")
    parser.add_argument("--json", type=Path, default=None, help="write the totals here")
    args = parser.parse_args(argv)
    contexts: list[dict[str, Any]] = json.loads(DATA.read_text(encoding="utf-8"))
    todo = pages(contexts, {args.part}, args.limit)
    folder = WORK / args.part
    cache = ParseCache()
    totals: Counter[str] = Counter()
    shown = 0
    with contextlib.ExitStack() as stack:
        if not args.no_stages:
            stack.enter_context(stage_cache())
        for n, (i, ctx) in enumerate(todo, 1):
            path = write_files([ctx], folder / f"c{i:03d}", Format.SCANNED)[0]
            try:
                tables = cache.parse(path).tables
            except Exception as exc:  # one failing page is data, the run goes on
                print(f"parse failed: context {i}: {type(exc).__name__}: {exc}")
                totals["pages failed"] += 1
                continue
            got = compare(ctx["table"]["table"], tables)
            totals.update(got)
            bad = [
                k
                for k in got
                if k.startswith(
                    (
                        "rows merged",
                        "rows split",
                        "rows missed",
                        "rows extra",
                        "columns missed",
                        "columns split",
                        "columns lost",
                    )
                )
            ]
            if args.part == "tune" and bad and shown < args.show:
                shown += 1
                main = main_table(ctx["table"]["table"], tables)
                print(f"--- context {i} ({n}/{len(todo)}): {', '.join(sorted(bad))}")
                for row in ctx["table"]["table"]:
                    print("   gold", row)
                for row in main.grid() if main else []:
                    print("   ours", row)
            if n % 10 == 0:
                print(f"[{n}/{len(todo)}] parse cache hits {cache.hits}, misses {cache.misses}", flush=True)
    print(f"{args.part}: {len(todo)} pages; parse cache hits {cache.hits}, misses {cache.misses}")
    for cause in sorted(totals):
        print(f"  {cause:<44} {totals[cause]}")
    if args.json:
        args.json.write_text(json.dumps(dict(sorted(totals.items())), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
