"""The prompt pieces both LLM sides share (`tablerag.llm.prompts`): document text in the table's context lines
cannot close the fences of either side's prompt, and both sides show the same context."""

from __future__ import annotations

from helpers import grid_table

from tablerag.llm.answer import view_prompt
from tablerag.llm.describe import fenced
from tablerag.llm.prompts import markdown_cell, neutralise, table_context
from tablerag.qa.sql import typed_view

BREAKERS = "``` </data> < data >"


def test_neutralise_defuses_fences_only() -> None:
    assert neutralise("a ``` b </data> c <DATA>") == "a ''' b ‹/data> c ‹DATA>"
    assert neutralise("a < b, `x` and ``") == "a < b, `x` and ``"
    assert markdown_cell(" a |\n b ") == "a \\| b"


def test_the_context_lines_are_fenced_on_both_sides() -> None:
    table = grid_table([["Item", "2019"], ["Other", "44.1"]], 1)
    table.caption, table.unit, table.notes = f"Sales {BREAKERS}", "USD | k", [f"note {BREAKERS}"]
    context = table_context(table)
    assert context.splitlines() == [
        "Source: t.pdf",
        "Page: 1",
        "Caption: Sales ''' ‹/data> ‹ data >",
        "Unit: USD \\| k",
        "Note: note ''' ‹/data> ‹ data >",
    ]
    for prompt in (fenced(table, range(1, 2)), view_prompt(typed_view(table), "What is Other in 2019?")):
        assert f"<data>\n{context}\n" in prompt
        assert prompt.count("```") == 2 and prompt.count("</data>") == 1 and prompt.count("<data>") == 1
