"""Text and Markdown reader: blocks on blank lines, headings kept with their paragraph, long blocks split,
Markdown pipe tables as tables, bad input."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablerag.errors import BadInputError
from tablerag.parsing import parse
from tablerag.parsing.text import MAX_BLOCK_CHARS, read_text

SHA = "ef" * 32
MARKDOWN = """# Report 2024

Intro paragraph. It has two sentences.

## Sales
### Q3

| Oddział | Przychód netto [PLN] | Marża brutto [%] |
|---|---:|---|
| Gdańsk | 1 247 890 | 34,2 |
| Kraków | 990 000 | a \\| b |

```
code

block
```

Closing words.
"""


def test_markdown_headings_stay_with_their_paragraph_and_tables_are_tables(tmp_path: Path) -> None:
    path = tmp_path / "report.md"
    path.write_text(MARKDOWN, encoding="utf-8")
    doc = read_text(path, SHA)
    assert doc.format == "text"
    texts = [p.text for p in doc.prose]
    assert texts[0] == "# Report 2024\nIntro paragraph. It has two sentences."
    assert texts[1] == "## Sales\n### Q3\n```\ncode\n\nblock\n```"  # the fence is one block across a blank line
    assert texts[2] == "Closing words."
    assert [p.block_no for p in doc.prose] == [0, 1, 2]
    (table,) = doc.tables
    assert table.header_rows == 1 and table.column_name(1) == "Przychód netto [PLN]"
    assert table.section_path == ["Report 2024", "Sales", "Q3"]
    assert table.grid()[1:] == [["Gdańsk", "1 247 890", "34,2"], ["Kraków", "990 000", "a | b"]]
    assert table.sheet_rows == [8, 10, 11]  # 1-based file lines; the |---| line is not a row
    revenue = table.cell_at(1, 1)
    assert revenue is not None and revenue.value == 1247890.0


def test_plain_text_blocks_and_long_block_split_on_sentences(tmp_path: Path) -> None:
    sentence = "The quarterly revenue grew in every region of the company. "
    long_block = sentence * 60
    path = tmp_path / "notes.txt"
    path.write_text(f"First block\nstill first.\n\n\n{long_block}\n\n| not | a table |\n|---|---|\n", "utf-8")
    doc = parse(path)
    texts = [p.text for p in doc.prose]
    assert texts[0] == "First block\nstill first."
    parts = texts[1:-1]
    assert len(parts) > 1 and all(len(p) <= MAX_BLOCK_CHARS for p in parts)
    assert all(p.endswith("company.") for p in parts)
    assert " ".join(parts) == long_block.strip()
    assert doc.tables == []  # pipe tables are a Markdown feature only


def test_overlong_sentence_is_cut_at_a_space(tmp_path: Path) -> None:
    path = tmp_path / "one.txt"
    path.write_text("word " * 1000, encoding="utf-8")
    texts = [p.text for p in read_text(path, SHA).prose]
    assert len(texts) > 1 and all(len(t) <= MAX_BLOCK_CHARS for t in texts)
    assert " ".join(texts).split() == ["word"] * 1000


def test_legacy_encoding(tmp_path: Path) -> None:
    path = tmp_path / "ru.txt"
    path.write_bytes("Является ли Северянка нашим партнёром? Да, с 2023 года.".encode("cp1251"))
    (block,) = read_text(path, SHA).prose
    assert block.text.startswith("Является ли Северянка")


@pytest.mark.parametrize("content", [b"", b"\n \n", b"\x00\x01\x02binary"], ids=["empty", "blank", "binary"])
def test_bad_text_input(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.md"
    path.write_bytes(content)
    with pytest.raises(BadInputError):
        read_text(path, SHA)
