"""What the PDF reader attaches around its tables, measured on ICDAR-2013 (and real multi-page PDFs):

    python bench/pdf_semantics.py [--data ../shared/data] [--out bench/out/pdf_semantics.json]

- captions / units / notes / section paths: how many tables get each (correctness is judged by hand on the
  listed sample; the JSON holds every table's caption, unit and notes for that);
- cross-page: multi-page tables in the gold (``-reg.xml`` tables with regions on several pages), the joins we
  make, and false joins (a join whose parts are different gold tables); plus joins on real multi-page PDFs of the
  tabula/camelot suites (schools.pdf, m27.pdf), where the gold is "one table";
- header chains: ICDAR tables whose first row holds a spanning header cell (two-level headers); the gold chain
  of a column is the labels covering it in the header rows, top-down; our column is the one whose data cells
  share most text with the gold column; the share of gold columns whose chain we get exactly right.
- row chains: every ICDAR table with a section row (a body row whose only text is its first cell, e.g. "Total
  assets" over its items, "As at 31 December 2019"); the gold chain of a data row under a section is the run of
  section labels above it (outermost first) plus its own first-column label; our row is the one whose value
  cells hold the gold row's value texts; the share of such rows whose chain we get exactly right, by cause.

``--headers-only --path image`` takes the two chain figures on the image path instead: each page holding a gold
table of either kind is rendered at IMAGE_DPI (clean, no damage) and read as a scan (OCR + table models + the text
rules: `image.scan_page`), its OCR words kept in bench/out/scan_stages/ (bench/qa_reports.py's stage cache) so a
second run reads no page again.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tablerag.model import HEADER_JOIN, Table, sha256_file  # noqa: E402
from tablerag.parsing.continuation import NOTE_PREFIX  # noqa: E402
from tablerag.parsing.pdf import read_pdf  # noqa: E402

DATA = ROOT.parent / "shared" / "data"
OUT = ROOT / "bench" / "out" / "pdf_semantics.json"
MULTIPAGE = ["tabula-java/pdfs/schools.pdf", "camelot/files/tabula/m27.pdf"]  # one long table each (by eye)
# Checked by hand on 2026-11-29 against the page text (every 7th table of the listing, 20 tables): 14 got a caption
# and all 14 are the table's caption (eu-027's has its one-sentence description appended); the 6 without one have
# no caption above or below them on the page. All 22 units read as the page states them (us-011a: the table says
# "USD", its cells "million USD"). Known wrong captions elsewhere: us-002 p1 (lines of two columns interleaved).
HAND_CHECK = {"sampled": 20, "with_caption": 14, "caption_right": 14, "units": 22, "units_right": 22}
MIN_MATCH = 0.5  # a gold column maps to our column when at least half its data texts are found there


# glyphs a reader may give either way for the same text: an OCR engine reads an en dash as a hyphen and a curly
# apostrophe as a straight one, and the gold XML has either; a label so read is the same label
_TYPOGRAPHIC = str.maketrans({"\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-",
                              "\u2212": "-", "\u2018": "'", "\u2019": "'", "\u02bc": "'", "\u201c": '"',
                              "\u201d": '"'})  # fmt: skip


def _norm(text: str) -> str:
    """A cell text compared: whitespace collapsed, lower case, ligatures and typographic dashes/quotes folded."""
    return " ".join(unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHIC).split()).lower()


def _squash(chain: list[str]) -> list[str]:
    """A chain compared without its spaces: the gold XML of some documents drops them ("publicelementaryand...")."""
    return ["".join(level.split()) for level in chain]


def _pdfs(root: Path) -> list[Path]:
    return sorted(root.glob("competition-dataset-*/*.pdf"))


def _gold_tables(reg: Path) -> list[list[int]]:
    """Pages of each gold table (one entry per region)."""
    return [[int(r.get("page", 0)) for r in t.iter("region")] for t in ET.parse(reg).getroot() if t.tag == "table"]


def _quiet() -> None:
    import pymupdf

    fitz: Any = pymupdf
    fitz.TOOLS.mupdf_display_errors(False)
    fitz.TOOLS.mupdf_display_warnings(False)


def _read(pdf: Path) -> list[Table]:
    return read_pdf(pdf, sha256_file(pdf)).tables


IMAGE_DPI = 200  # the scanned reports' resolution (bench/qa_reports.py): an ordinary office scan


def _read_image(pdf: Path, pages: set[int]) -> list[Table]:
    """The given 1-based pages rendered and read as page images (OCR, no text layer)."""
    from tablerag.parsing.image import scan_page, to_table
    from tablerag.parsing.render import render_pdf_page

    out: list[Table] = []
    for page in sorted(pages):
        scanned = scan_page(render_pdf_page(pdf, page, IMAGE_DPI), IMAGE_DPI)
        out += [to_table(t, str(pdf), "0" * 64, page, i) for i, t in enumerate(scanned.tables)]
    return out


def _chain_pages(root: Path) -> dict[str, set[int]]:
    """Per document: the pages holding a gold table with a two-level header or a section row."""
    out: dict[str, set[int]] = {}
    for xml in sorted(root.glob("competition-dataset-*/*-str.xml")):
        doc = re.sub(r"b$", "a", xml.name[: -len("-str.xml")])
        out.setdefault(doc, set()).update(p for p, _, _ in _two_level_gold(xml))
        out[doc].update(p for p, _ in _gold_rows(xml))
    return {d: ps for d, ps in out.items() if ps}


def context_stats(docs: dict[str, list[Table]]) -> dict[str, Any]:
    tables = [t for ts in docs.values() for t in ts]
    rows = [
        {
            "doc": d,
            "page": t.source.page,
            "caption": t.caption,
            "unit": t.unit,
            "notes": t.notes,
            "section_path": t.section_path,
        }
        for d, ts in docs.items()
        for t in ts
    ]
    return {
        "tables": len(tables),
        "with_caption": sum(1 for t in tables if t.caption),
        "labelled_caption": sum(
            1 for t in tables if t.caption and re.match(r"\s*(table|tab|exhibit)", t.caption, re.I)
        ),
        "with_unit": sum(1 for t in tables if t.unit),
        "with_notes": sum(1 for t in tables if [n for n in t.notes if not n.startswith(NOTE_PREFIX)]),
        "with_section_path": sum(1 for t in tables if t.section_path),
        "per_table": rows,
    }


def cross_page(root: Path, docs: dict[str, list[Table]]) -> dict[str, Any]:
    gold_multi = 0
    consecutive = 0
    for reg in sorted(root.glob("competition-dataset-*/*-reg.xml")):
        tables = _gold_tables(reg)
        gold_multi += sum(1 for pages in tables if len(set(pages)) > 1)
        firsts = sorted({min(p) for p in tables})
        consecutive += sum(1 for p in firsts if p + 1 in firsts)
    joins = [
        {"doc": d, "first_page": t.source.page, "note": n}
        for d, ts in docs.items()
        for t in ts
        for n in t.notes
        if n.startswith(NOTE_PREFIX)
    ]
    return {
        "gold_multipage_tables": gold_multi,
        "gold_pages_followed_by_a_page_with_tables": consecutive,
        "joins": joins,
        "false_joins_vs_gold": len(joins) if gold_multi == 0 else None,
    }


def multipage_real(data: Path) -> list[dict[str, Any]]:
    out = []
    for rel in MULTIPAGE:
        pdf = data / rel
        if not pdf.exists():
            continue
        tables = _read(pdf)
        import pymupdf

        fitz: Any = pymupdf
        with fitz.open(pdf) as doc:
            n_pages = doc.page_count
        out.append(
            {
                "pdf": rel,
                "pages": n_pages,
                "tables": len(tables),
                "joined_pages": 1 + sum(1 for n in tables[0].notes if n.startswith(NOTE_PREFIX)) if tables else 0,
                "rows": tables[0].n_rows if tables else 0,
                "header_rows_repeated_in_body": _repeats(tables[0]) if tables else 0,
            }
        )
    return out


def _repeats(t: Table) -> int:
    grid = t.grid()
    head = [_norm(c) for c in grid[0]] if grid else []
    return sum(1 for row in grid[1:] if [_norm(c) for c in row] == head)


# ---------------------------------------------------------------------------------------------- header chains


def _header_depth(cells: list[tuple[int, int, int, int, str]]) -> int:
    """Header rows: the rows of the column-spanning cells chained down from row 0, plus the sub-label row under
    the lowest of them."""
    depth = 0
    while True:
        spans = [c for c in cells if c[3] > c[1] and c[4] and c[0] <= depth]
        lowest = max((c[2] for c in spans), default=-1) + 1
        if lowest <= depth:
            return depth + 1
        depth = lowest


def _two_level_gold(xml: Path) -> list[tuple[int, list[list[str]], list[list[str]]]]:
    """(page, gold chains per column, data texts per column) of the tables whose first row has a spanning cell."""
    out = []
    for region in ET.parse(xml).iter("region"):
        cells = []
        for c in region.iter("cell"):
            content = c.find("content")
            r0, c0 = int(c.get("start-row", 0)), int(c.get("start-col", 0))
            r1, c1 = int(c.get("end-row", r0)), int(c.get("end-col", c0))
            cells.append((r0, c0, r1, c1, _norm(content.text or "") if content is not None else ""))
        spans = [c for c in cells if c[0] == 0 and c[3] > c[1] and c[4]]
        if not spans:
            continue
        n_head = _header_depth(cells)
        n_cols = max(c[3] for c in cells) + 1
        chains: list[list[str]] = [[] for _ in range(n_cols)]
        data: list[list[str]] = [[] for _ in range(n_cols)]
        for r0, c0, _r1, c1, text in sorted(cells):
            for col in range(c0, c1 + 1):
                if r0 < n_head and text and text not in chains[col]:
                    chains[col].append(text)
                elif r0 >= n_head and text and col == c0:
                    data[col].append(text)
        out.append((int(region.get("page", 1)), chains, data))
    return out


def _match_column(data: list[str], gold_col: int, tables: list[Table]) -> tuple[Table, int] | None:
    """Our column whose data cells (in order) agree most with the gold column's; ties go to the nearest index."""
    from difflib import SequenceMatcher

    best: tuple[float, int, Table, int] | None = None
    for t in tables:
        grid = t.grid()
        for col in range(t.n_cols):
            have = [_norm(row[col]) for row in grid[t.header_rows :] if row[col].strip()]
            same = sum(b.size for b in SequenceMatcher(None, data, have, autojunk=False).get_matching_blocks())
            key = (same / max(len(data), 1), -abs(col - gold_col))
            if best is None or key > best[:2]:
                best = (key[0], key[1], t, col)
    if best is None or best[0] < MIN_MATCH:
        return None
    return best[2], best[3]


def chain_cause(mine: list[str], gold: list[str]) -> str:
    """Why a column's chain differs from the gold one (the first cause that explains it)."""
    from tablerag.parsing.numbers import unit_label

    if mine == gold:
        return "right"
    if not mine:
        return "no header"
    extra = [lvl for lvl in mine if lvl not in gold]
    missing = [lvl for lvl in gold if lvl not in mine]
    if extra and all(unit_label(lvl) is not None for lvl in extra) and not missing:
        return "unit note taken as a level"
    if missing and not extra:
        return "group label not copied" if gold[-1] in mine else "a lower level missing (header too shallow)"
    if extra and not missing:
        return "extra level (a body row in the header)"
    if mine and gold and mine[-1] != gold[-1] and "".join(mine) == "".join(gold):
        return "levels split differently"
    return "labels differ (text split or merged across cells)"


def header_chains(root: Path, docs: dict[str, list[Table]]) -> dict[str, Any]:
    total = right = unmatched = leaf = deeper = shallower = 0
    causes: dict[str, int] = {}
    wrong: list[dict[str, Any]] = []
    per_table = []
    for xml in sorted(root.glob("competition-dataset-*/*-str.xml")):
        stem = xml.name[: -len("-str.xml")]
        doc = re.sub(r"b$", "a", stem)
        if doc not in docs:
            continue
        for page, chains, data in _two_level_gold(xml):
            ours = [t for t in docs[doc] if t.source.page == page]
            ok = n = 0
            for gold_col, (gold, col_data) in enumerate(zip(chains, data, strict=True)):
                if not gold or not col_data:
                    continue
                n += 1
                hit = _match_column(col_data, gold_col, ours)
                if hit is None:
                    unmatched += 1
                    causes["column not matched"] = causes.get("column not matched", 0) + 1
                    continue
                t, col = hit
                mine = [_norm(level) for level in t.column_headers[col]] if col < len(t.column_headers) else []
                ok += HEADER_JOIN.join(_squash(mine)) == HEADER_JOIN.join(_squash(gold))
                cause = chain_cause(_squash(mine), _squash(gold))
                causes[cause] = causes.get(cause, 0) + 1
                if cause != "right":
                    wrong.append({"doc": stem, "page": page, "gold": gold, "ours": mine, "cause": cause})
                leaf += bool(mine) and mine[-1] == gold[-1]
                deeper += len(mine) > len(gold)
                shallower += len(mine) < len(gold)
            total, right = total + n, right + ok
            per_table.append({"doc": stem, "page": page, "columns": n, "exact": ok})
    return {
        "tables": len(per_table),
        "columns": total,
        "exact": right,
        "share": round(right / total, 3) if total else None,
        "unmatched": unmatched,
        "leaf_level_right": leaf,
        "more_levels_than_gold": deeper,
        "fewer_levels_than_gold": shallower,
        "causes": dict(sorted(causes.items(), key=lambda kv: -kv[1])),
        "wrong_columns": wrong,
        "per_table": per_table,
    }


def _gold_rows(xml: Path) -> list[tuple[int, list[tuple[list[str], list[str]]]]]:
    """(page, [(gold row chain, value texts)]) per table with a section row: data rows under a section only."""
    out = []
    for region in ET.parse(xml).iter("region"):
        cells = []
        for c in region.iter("cell"):
            content = c.find("content")
            r0, c0 = int(c.get("start-row", 0)), int(c.get("start-col", 0))
            cells.append(
                (
                    r0,
                    c0,
                    int(c.get("end-row", r0)),
                    int(c.get("end-col", c0)),
                    _norm(content.text or "") if content is not None else "",
                )
            )
        if not cells:
            continue
        n_head = _header_depth(cells)
        by_row: dict[int, list[tuple[int, int, int, int, str]]] = {}
        for cell in cells:
            if cell[0] >= n_head and cell[4]:
                by_row.setdefault(cell[0], []).append(cell)
        sections: list[str] = []
        in_run = False
        rows: list[tuple[list[str], list[str]]] = []
        for r in sorted(by_row):
            filled = sorted(by_row[r], key=lambda c: c[1])
            stub = next((c[4] for c in filled if c[1] == 0), "")
            values = [c[4] for c in filled if c[1] > 0]
            if stub and not values:  # a section row: a run of them nests, a new run after data replaces
                sections = (sections if in_run else []) + [stub]
                in_run = True
                continue
            in_run = False
            if sections and stub and values:
                rows.append(([*sections, stub], values))
        if rows:
            out.append((int(region.get("page", 1)), rows))
    return out


def _match_row(values: list[str], tables: list[Table], taken: set[tuple[int, int]]) -> tuple[Table, int] | None:
    """Our body row holding most of the gold row's value texts (in its non-stub cells); among rows holding as many
    (values such as "NA" repeat down a table), one with exactly the gold's values, then one no earlier gold row
    took, then the first."""
    best: tuple[tuple[float, bool, bool], Table, int] | None = None
    want = set(values)
    for ti, t in enumerate(tables):
        for r, row in enumerate(t.grid()):
            if r < t.header_rows:
                continue
            cells = [_norm(x) for x in row[1:] if x.strip()]
            key = (len(want & set(cells)) / max(len(want), 1), cells == values, (ti, r) not in taken)
            if best is None or key > best[0]:
                best = (key, t, r)
    if best is None or best[0][0] < MIN_MATCH:
        return None
    taken.add((tables.index(best[1]), best[2]))
    return best[1], best[2]


def row_cause(mine: list[str], gold: list[str]) -> str:
    """Why a row's chain differs from the gold one (the first cause that explains it)."""
    if mine == gold:
        return "right"
    if not mine:
        return "no row label"
    if mine[-1] != gold[-1]:
        return "own label differs"
    if len(mine) == 1:
        return "section not inherited"
    missing = [lvl for lvl in gold[:-1] if lvl not in mine]
    extra = [lvl for lvl in mine[:-1] if lvl not in gold]
    if missing and not extra:
        return "a section level missing"
    if extra and not missing:
        return "extra section level"
    return "wrong section"


def row_chains(root: Path, docs: dict[str, list[Table]]) -> dict[str, Any]:
    causes: dict[str, int] = {}
    wrong: list[dict[str, Any]] = []
    tables = 0
    for xml in sorted(root.glob("competition-dataset-*/*-str.xml")):
        stem = xml.name[: -len("-str.xml")]
        doc = re.sub(r"b$", "a", stem)
        if doc not in docs:
            continue
        for page, rows in _gold_rows(xml):
            tables += 1
            ours = [t for t in docs[doc] if t.source.page == page]
            taken: set[tuple[int, int]] = set()
            for gold, values in rows:
                hit = _match_row(values, ours, taken)
                if hit is None:
                    cause = "row not matched"
                    mine: list[str] = []
                else:
                    t, r = hit
                    mine = [_norm(x) for x in t.row_headers[r]] if r < len(t.row_headers) else []
                    cause = row_cause(_squash(mine), _squash(gold))
                causes[cause] = causes.get(cause, 0) + 1
                if cause != "right":
                    wrong.append({"doc": stem, "page": page, "gold": gold, "ours": mine, "cause": cause})
    total = sum(causes.values())
    right = causes.get("right", 0)
    return {
        "tables": tables,
        "rows": total,
        "exact": right,
        "share": round(right / total, 3) if total else None,
        "causes": dict(sorted(causes.items(), key=lambda kv: -kv[1])),
        "wrong_rows": wrong,
    }


def _headers_only(root: Path, path: str) -> int:
    if path == "image":
        import contextlib

        sys.path.insert(0, str(ROOT / "bench"))
        from qa_reports import stage_cache

        wanted_pages = _chain_pages(root)
        with contextlib.ExitStack() as stack:
            stack.enter_context(stage_cache())
            docs = {
                pdf.stem: _read_image(pdf, wanted_pages[pdf.stem]) for pdf in _pdfs(root) if pdf.stem in wanted_pages
            }
        print(f"image path: {sum(len(p) for p in wanted_pages.values())} pages of {len(docs)} documents")
    else:
        wanted = {re.sub(r"b$", "a", x.name[: -len("-str.xml")]) for x in root.glob("competition-dataset-*/*-str.xml")}
        docs = {pdf.stem: _read(pdf) for pdf in _pdfs(root) if pdf.stem in wanted}
    hc = header_chains(root, docs)
    print(f"header chains (two-level ICDAR): {hc['exact']}/{hc['columns']} exact ({hc['share']}); {hc['causes']}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    (OUT.parent / f"header_chains{'' if path == 'text' else '_' + path}.json").write_text(
        json.dumps(hc, indent=1, ensure_ascii=False), encoding="utf-8"
    )
    misses = [t for t in hc["per_table"] if t["exact"] < t["columns"]]
    print("tables with misses:", ", ".join(f"{t['doc']} p{t['page']} {t['exact']}/{t['columns']}" for t in misses))
    rc = row_chains(root, docs)
    print(
        f"row chains (rows under a section row): {rc['exact']}/{rc['rows']} exact ({rc['share']}), {rc['tables']} tables; {rc['causes']}"
    )
    (OUT.parent / f"row_chains{'' if path == 'text' else '_' + path}.json").write_text(
        json.dumps(rc, indent=1, ensure_ascii=False), encoding="utf-8"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--headers-only", action="store_true", help="only the header chains (reads only their PDFs)")
    ap.add_argument(
        "--path",
        choices=["text", "image"],
        default="text",
        help="with --headers-only: the PDF reader or pages read as images",
    )
    args = ap.parse_args(argv)
    _quiet()
    root = args.data / "icdar2013"
    if args.headers_only:
        return _headers_only(root, args.path)
    docs = {pdf.stem: _read(pdf) for pdf in _pdfs(root)}
    result: dict[str, Any] = {
        "context": context_stats(docs),
        "cross_page": cross_page(root, docs),
        "multipage_real": multipage_real(args.data),
        "header_chains": header_chains(root, docs),
        "hand_check": HAND_CHECK,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    ctx, cp, hc = result["context"], result["cross_page"], result["header_chains"]
    print(
        f"tables {ctx['tables']}: caption {ctx['with_caption']} (labelled {ctx['labelled_caption']}), "
        f"unit {ctx['with_unit']}, notes {ctx['with_notes']}, section path {ctx['with_section_path']}"
    )
    print(f"cross-page: gold multi-page {cp['gold_multipage_tables']}, joins {len(cp['joins'])}: {cp['joins']}")
    print(f"real multi-page PDFs: {result['multipage_real']}")
    print(
        f"header chains (two-level ICDAR): {hc['exact']}/{hc['columns']} columns exact ({hc['share']}), "
        f"{hc['tables']} tables, {hc['unmatched']} columns unmatched; leaf level right {hc['leaf_level_right']}, "
        f"more levels than gold {hc['more_levels_than_gold']}, fewer {hc['fewer_levels_than_gold']}"
    )
    print(f"  by cause: {hc['causes']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
