"""Small builders the tests share: the seed-000 workbook, hand-made tables."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablerag.model import Cell, SourceLocator, Table
from tablerag.parsing.headers import apply_headers

SEED000_ROWS = [
    ("ЛЕНТА", "Нет", 120, 45, 12),
    ("СЕВЕРЯНКА", "Да", 91, 30, 7),
    ("МАГНИТ", "Нет", 300, 210, 90),
    ("ПЯТЁРОЧКА", "Да", 15, 800, 64),
]


def build_seed000_workbook(path: Path) -> Path:
    """The sheet of seed 000: "Каналы National (Urban)" merged over C1:E1, the names of A and B only in row 2."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Сети"
    ws["C1"] = "Каналы National (Urban)"
    ws.merge_cells("C1:E1")
    for col, name in zip(
        "ABCDE", ["Название сети", "Партнёр", "Гипермаркеты", "Супермаркеты", "Дискаунтеры"], strict=False
    ):
        ws[f"{col}2"] = name
    for i, row in enumerate(SEED000_ROWS, start=3):
        for col, value in zip("ABCDE", row, strict=False):
            ws[f"{col}{i}"] = value
    wb.save(path)
    return path


SEED000_PUBLISHED_ROWS = [
    ("СЕВЕРЯНКА", "Да", 91, 4, 1),
    ("ГАСТРОНОМ 24", "Нет", "—", 12, 3),
    ("ЛЕНТА", "Нет", 120, 45, 12),
]


def build_seed000_published_workbook(path: Path) -> Path:
    """The seed-000 sheet as the article shows it: "Каналы National (Urban)" merged over C1:E1, and the header of
    rows 2-3 wrapped inside the cells: "Название" over "сети", "Гипер-" over "маркеты" (a word cut by a hyphen)."""
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Сети"
    ws["C1"] = "Каналы National (Urban)"
    ws.merge_cells("C1:E1")
    for col, upper, lower in zip(
        "ABCDE",
        ["Название", "Партнёр", "Гипер-", "Супер-", "Мини-"],
        ["сети", None, "маркеты", "маркеты", "маркеты"],
        strict=True,
    ):
        ws[f"{col}2"] = upper
        ws[f"{col}3"] = lower
    for i, row in enumerate(SEED000_PUBLISHED_ROWS, start=4):
        for col, value in zip("ABCDE", row, strict=True):
            ws[f"{col}{i}"] = value
    wb.save(path)
    return path


def grid_table(grid: list[list[str]], header_rows: int | None = None, sheet: str | None = None) -> Table:
    cells = [Cell(r, c, t) for r, row in enumerate(grid) for c, t in enumerate(row) if t]
    src = SourceLocator("t.xlsx" if sheet else "t.pdf", "ab" * 32, page=None if sheet else 1, sheet=sheet)
    table = Table("abababababababab:t0", src, len(grid), len(grid[0]), cells)
    return apply_headers(table, header_rows)


def tenant_index(root: Path, files: dict[str, dict[str, str]], embedder: str = "use") -> Any:
    """An index at ``root / "index"`` holding, per tenant, the files {name: text} written to ``root / tenant``."""
    import tablerag

    index = tablerag.Index(root / "index", embedder=embedder)
    for tenant, named in files.items():
        folder = root / tenant
        folder.mkdir()
        for name, text in named.items():
            (folder / name).write_text(text, encoding="utf-8")
        assert not index.add([folder], tenant=tenant).failures
    return index


def with_vectors(index: Any) -> int:
    """How many of the index's records should have a dense vector under its choice (cell facts are lexical-only
    by default; LLM-written records always have one)."""
    from tablerag.index.ingest import LEXICAL_ONLY_KINDS
    from tablerag.model import RecordId

    rows = index.store.con.execute("SELECT id, kind FROM records").fetchall()
    only = LEXICAL_ONLY_KINDS[index.dense]
    return sum(kind not in only or RecordId.is_llm(rid) for rid, kind in rows)


def draw_borderless_rows(page: Any, rows: list[list[str]], xs: list[float], top: float) -> None:
    """Write ``rows`` on a PyMuPDF page as a borderless table, 15 pt apart from ``top``: the stub left-aligned at
    ``xs[0]``, every other column's text right-aligned near ``xs[c] + 40`` as a report sets its amounts."""
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            if text:
                page.insert_text((xs[c] + (0 if c == 0 else 40 - 4.4 * len(text)), top + 15 * r), text, fontsize=8)


def ruled_table_pdf(path: Path, rows: list[list[str]], xs: list[float], top: float = 100.0) -> Path:
    """One PDF page holding ``rows`` as a ruled table: a rule between every row and at every x of ``xs`` (the
    column edges), each cell's text set at its left edge. Returns ``path``."""
    import pymupdf

    height = 18.0
    doc = pymupdf.open()
    page = doc.new_page()
    for r in range(len(rows) + 1):
        page.draw_line((xs[0], top + r * height), (xs[-1], top + r * height), width=0.5)
    for x in xs:
        page.draw_line((x, top), (x, top + height * len(rows)), width=0.5)
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            page.insert_text((xs[c] + 3, top + r * height + 12), text, fontsize=8)
    doc.save(path)
    doc.close()
    return path


def answers_each(table: Table, *asked: tuple[str, str]) -> None:
    """Each (question, value) answered over ``table`` with exactly that value."""
    from tablerag.qa.answer import answer_table

    for question, value in asked:
        answer = answer_table(table, question)
        assert answer is not None and answer.value == value, question
