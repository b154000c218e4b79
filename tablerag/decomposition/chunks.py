"""Row chunks: the table's context (summary, caption, notes, header chain) followed by whole rows, packed to the
embedder's window on row boundaries.

- A row is never split: a row longer than the window gets a chunk of its own (the embedder truncates its tail,
  the lexical index still sees all of it).
- Every chunk of a long table starts with the same context, so each part names its table.
Pure functions of strings; the caller builds the context and the row texts (see records.table_records).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

CHARS_PER_TOKEN = 4  # sub-word tokenisers give about 4 Latin/Cyrillic characters per token
HAN_TOKENS_PER_CHAR = 1  # a Han character is about one token in multilingual vocabularies
DEFAULT_WINDOW_TOKENS = 128  # USE and most small encoders read 128 tokens well; longer inputs are truncated


@dataclass(frozen=True, slots=True)
class RowChunk:
    rows: tuple[int, ...]  # grid rows it holds, in order
    text: str


def estimate_tokens(text: str) -> int:
    """A cheap token count: Han characters count one each, other characters a quarter."""
    han = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    return han * HAN_TOKENS_PER_CHAR + (len(text) - han + CHARS_PER_TOKEN - 1) // CHARS_PER_TOKEN


def pack_rows(context: str, rows: Sequence[tuple[int, str]], window: int = DEFAULT_WINDOW_TOKENS) -> list[RowChunk]:
    """Greedy packing: add whole rows after ``context`` while the estimate stays within ``window`` tokens."""
    out: list[RowChunk] = []
    budget = max(0, window - estimate_tokens(context))
    current: list[tuple[int, str]] = []
    used = 0
    for row, text in rows:
        cost = estimate_tokens(text) + 1
        if current and used + cost > budget:
            out.append(_chunk(context, current))
            current, used = [], 0
        current.append((row, text))
        used += cost
    if current:
        out.append(_chunk(context, current))
    return out


def _chunk(context: str, rows: list[tuple[int, str]]) -> RowChunk:
    body = "\n".join(text for _, text in rows)
    return RowChunk(tuple(r for r, _ in rows), f"{context}\n{body}" if context else body)
