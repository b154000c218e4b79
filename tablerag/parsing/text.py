"""Plain text and Markdown reader: prose blocks split on blank lines, Markdown pipe tables as tables.

- A block is a run of non-blank lines; a fenced code block (```) is one block even across blank lines.
- A Markdown heading (``#`` ... or a setext underline) is kept with the paragraph that follows it, so the block
  says what it is about; several headings in a row stack up the same way.
- A block longer than `MAX_BLOCK_CHARS` is split on sentence boundaries (a single overlong sentence at a space).
- A pipe table (header line, ``|---|`` separator line, body lines) becomes a `Table` with one header row; its
  `sheet_rows` are the 1-based lines of the file and its `section_path` the headings above it.
The encoding is sniffed the same way as for CSV files (see `delimited.decode`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tablerag.model import Cell, ParsedDocument, ProseBlock, SourceLocator, Table, table_id
from tablerag.parsing.cells import cell_from_text
from tablerag.parsing.delimited import decode, read_nonempty
from tablerag.parsing.headers import apply_headers

MAX_BLOCK_CHARS = 1500  # about 300-400 tokens: fits every common embedder's window with room for metadata
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_SETEXT = re.compile(r"^\s{0,3}(=+|-+)\s*$")
_FENCE = re.compile(r"^\s{0,3}(```|~~~)")
_TABLE_SEP = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_SENTENCE_END = re.compile(r"(?<=[.!?…。！？])\s+")
_RULE = re.compile(r"^\s{0,3}([-*_])(\s*\1){2,}\s*$")  # a thematic break: no content
_PIPE_SPLIT = re.compile(r"(?<!\\)\|")


@dataclass(slots=True)
class _Segment:
    kind: str  # "prose" | "heading" | "table"
    lines: list[str]
    start: int  # 0-based index of the first line
    path: list[str] = field(default_factory=list)  # headings above (tables only)


def _heading_text(lines: list[str], i: int) -> str | None:
    """The heading at line i (ATX `# x`, or setext: a text line underlined by === or ---), else None."""
    m = _HEADING.match(lines[i])
    if m:
        return m.group(1)
    nxt = lines[i + 1] if i + 1 < len(lines) else ""
    if lines[i].strip() and _SETEXT.match(nxt) and "|" not in lines[i]:
        return lines[i].strip()
    return None


def _heading_level(lines: list[str], i: int) -> int:
    stripped = lines[i].lstrip()
    if stripped.startswith("#"):
        return len(stripped) - len(stripped.lstrip("#"))
    return 1 if lines[i + 1].strip().startswith("=") else 2


def _table_end(lines: list[str], i: int) -> int:
    """Index after the last line of the pipe table whose header is line i (0 when line i starts no table)."""
    if "|" not in lines[i] or i + 1 >= len(lines) or not _TABLE_SEP.match(lines[i + 1]):
        return 0
    j = i + 2
    while j < len(lines) and lines[j].strip() and "|" in lines[j]:
        j += 1
    return j


def _fence_end(lines: list[str], i: int) -> int:
    j = i + 1
    while j < len(lines) and not _FENCE.match(lines[j]):
        j += 1
    return min(j + 1, len(lines))


def _segments(lines: list[str], markdown: bool) -> list[_Segment]:
    out: list[_Segment] = []
    path: dict[int, str] = {}
    i = 0
    while i < len(lines):
        if not lines[i].strip():
            i += 1
            continue
        head = _heading_text(lines, i) if markdown else None
        end = _table_end(lines, i) if markdown else 0
        if head is not None:
            level = _heading_level(lines, i)
            path = {k: v for k, v in path.items() if k < level} | {level: head}
            step = 1 if _HEADING.match(lines[i]) else 2
            out.append(_Segment("heading", lines[i : i + step], i))
            i += step
        elif end:
            out.append(_Segment("table", lines[i:end], i, [path[k] for k in sorted(path)]))
            i = end
        else:
            j = _fence_end(lines, i) if markdown and _FENCE.match(lines[i]) else i
            while j < len(lines) and lines[j].strip() and not (markdown and _starts_other(lines, j)):
                j += 1
            out.append(_Segment("prose", lines[i : max(j, i + 1)], i))
            i = max(j, i + 1)
    return out


def _starts_other(lines: list[str], j: int) -> bool:
    """A heading, a code fence or a pipe table interrupts a paragraph in Markdown."""
    return _heading_text(lines, j) is not None or _FENCE.match(lines[j]) is not None or _table_end(lines, j) > 0


def _split_long(text: str) -> list[str]:
    if len(text) <= MAX_BLOCK_CHARS:
        return [text]
    parts: list[str] = []
    current = ""
    for sentence in _SENTENCE_END.split(text):
        for piece in _hard_split(sentence):
            if current and len(current) + 1 + len(piece) > MAX_BLOCK_CHARS:
                parts.append(current)
                current = piece
            else:
                current = f"{current} {piece}" if current else piece
    if current:
        parts.append(current)
    return parts


def _hard_split(sentence: str) -> list[str]:
    """An overlong sentence cut at the last space before the limit (or at the limit when there is none)."""
    out: list[str] = []
    while len(sentence) > MAX_BLOCK_CHARS:
        cut = sentence.rfind(" ", 0, MAX_BLOCK_CHARS)
        cut = cut if cut > 0 else MAX_BLOCK_CHARS
        out.append(sentence[:cut].strip())
        sentence = sentence[cut:].strip()
    return out + ([sentence] if sentence else [])


def _row_cells(line: str) -> list[str]:
    body = line.strip()
    body = body[1:] if body.startswith("|") else body
    body = body[:-1] if body.endswith("|") and not body.endswith("\\|") else body
    return [cell.strip().replace("\\|", "|") for cell in _PIPE_SPLIT.split(body)]


def _pipe_table(seg: _Segment, path: Path, sha256: str, table_no: int) -> Table:
    rows = [seg.lines[0]] + seg.lines[2:]  # the separator line is not a grid row
    lines = [seg.start + 1] + [seg.start + 3 + k for k in range(len(seg.lines) - 2)]
    cells: list[Cell] = []
    n_cols = 0
    for r, line in enumerate(rows):
        fields = _row_cells(line)
        n_cols = max(n_cols, len(fields))
        for c, text in enumerate(fields):
            if text:
                cells.append(cell_from_text(r, c, text))
    table = Table(
        id=table_id(sha256, table_no),
        source=SourceLocator(file=str(path), sha256=sha256),
        n_rows=len(rows),
        n_cols=n_cols,
        cells=cells,
        section_path=seg.path,
        sheet_rows=lines,
        parser="markdown",
    )
    return apply_headers(table, header_rows=1)


def _prose_texts(segments: list[_Segment]) -> list[str]:
    """Prose texts, each heading run glued to the paragraph after it; long texts split."""
    texts: list[str] = []
    pending: list[str] = []
    for seg in segments:
        if seg.kind == "heading":
            pending.append(seg.lines[0].strip())
        elif seg.kind == "prose" and not all(_SETEXT.match(ln) or _RULE.match(ln) for ln in seg.lines):
            texts.extend(_split_long("\n".join(pending + [ln.rstrip() for ln in seg.lines])))
            pending = []
    if pending:
        texts.append("\n".join(pending))
    return texts


def read_text(path: Path, sha256: str) -> ParsedDocument:
    """A .txt/.md file as prose blocks (and, for Markdown, its pipe tables)."""
    lines = decode(read_nonempty(path), path).splitlines()
    markdown = path.suffix.lower() in (".md", ".markdown")
    segments = _segments(lines, markdown)
    doc = ParsedDocument(path=str(path), sha256=sha256, format="text")
    for seg in (s for s in segments if s.kind == "table"):
        doc.tables.append(_pipe_table(seg, path, sha256, len(doc.tables)))
    locator = SourceLocator(file=str(path), sha256=sha256)
    doc.prose = [ProseBlock(text, locator, n) for n, text in enumerate(_prose_texts(segments))]
    return doc
