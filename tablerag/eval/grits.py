"""GriTS — grid table similarity (after Smock, Pesala and Abraham, "GriTS: Grid table similarity metric for table
structure recognition", ICDAR 2023), written from the paper's definitions.

A table is a matrix of grid slots; each slot holds a property of the cell covering it:
- Top (topology): the cell's extent relative to the slot, as a box (col_start - j, row_start - i,
  col_end - j, row_end - i) in grid units; slots are compared by IoU of those boxes.
- Con (content): the cell's text; slots are compared by the normalised longest common subsequence
  2 * LCS(a, b) / (|a| + |b|) (two empty strings count as equal).

GriTS_f(A, B) = 2 * sum f(A'_ij, B'_ij) / (|A| + |B|), where A' and B' are the two-dimensional most similar
substructures (a subsequence of rows and of columns of each, aligned one to one). As in the paper, the 2-D problem
is factored: rows are aligned by dynamic programming with a row-pair score that is itself the best 1-D alignment of
their slots, columns likewise, and the score is summed over the aligned rows x aligned columns.
Precision = score / |B| (B = prediction), recall = score / |A| (A = ground truth).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from tablerag.model import Table

T = TypeVar("T")
TopoBox = tuple[int, int, int, int]
LCS_CACHE = 1 << 16  # distinct string pairs remembered; a page's tables repeat few distinct texts


@dataclass(frozen=True, slots=True)
class GridSpec:
    """A table as grid slots: per slot, the covering cell's topology box and text (spanning text in every slot)."""

    topology: list[list[TopoBox]]
    content: list[list[str]]

    @property
    def size(self) -> int:
        return sum(len(r) for r in self.topology)


@dataclass(frozen=True, slots=True)
class GritsScore:
    top: float
    con: float
    top_precision: float
    top_recall: float
    con_precision: float
    con_recall: float


def spec_from_cells(cells: Sequence[tuple[int, int, int, int, str]], n_rows: int, n_cols: int) -> GridSpec:
    """Cells (row, col, row_span, col_span, text) -> slots; a slot no cell covers is a 1x1 empty cell."""
    topo: list[list[TopoBox]] = [[(0, 0, 1, 1) for _ in range(n_cols)] for _ in range(n_rows)]
    text = [["" for _ in range(n_cols)] for _ in range(n_rows)]
    for r0, c0, rs, cs, t in cells:
        norm = " ".join(t.split())
        for i in range(r0, min(r0 + rs, n_rows)):
            for j in range(c0, min(c0 + cs, n_cols)):
                topo[i][j] = (c0 - j, r0 - i, c0 + cs - j, r0 + rs - i)
                text[i][j] = norm
    return GridSpec(topo, text)


def spec_from_table(table: Table) -> GridSpec:
    cells = [(c.row, c.col, c.row_span, c.col_span, c.text) for c in table.cells]
    return spec_from_cells(cells, table.n_rows, table.n_cols)


def box_iou(a: TopoBox, b: TopoBox) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    inter = max(w, 0) * max(h, 0)
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


@lru_cache(maxsize=LCS_CACHE)
def lcs_similarity(a: str, b: str) -> float:
    """2 * LCS / (|a| + |b|); 1.0 for two empty strings."""
    if not a and not b:
        return 1.0
    if not a or not b:
        return 0.0
    if a == b:
        return 1.0
    prev = [0] * (len(b) + 1)
    for ch in a:
        cur = [0]
        for k, other in enumerate(b):
            cur.append(prev[k] + 1 if ch == other else max(prev[k + 1], cur[k]))
        prev = cur
    return 2 * prev[-1] / (len(a) + len(b))


def align(n: int, m: int, score: Callable[[int, int], float]) -> tuple[float, list[tuple[int, int]]]:
    """Best monotone one-to-one alignment of two sequences (a weighted LCS): total score and the pairs."""
    dp = [[0.0] * (m + 1) for _ in range(n + 1)]
    for i in range(1, n + 1):
        row, up = dp[i], dp[i - 1]
        for j in range(1, m + 1):
            row[j] = max(up[j], row[j - 1], up[j - 1] + score(i - 1, j - 1))
    pairs: list[tuple[int, int]] = []
    i, j = n, m
    while i > 0 and j > 0:
        if dp[i][j] == dp[i - 1][j]:
            i -= 1
        elif dp[i][j] == dp[i][j - 1]:
            j -= 1
        else:
            pairs.append((i - 1, j - 1))
            i, j = i - 1, j - 1
    return dp[n][m], pairs[::-1]


def _transpose(grid: list[list[T]]) -> list[list[T]]:
    return [list(col) for col in zip(*grid, strict=True)] if grid else []


def mss_score(a: list[list[T]], b: list[list[T]], f: Callable[[T, T], float]) -> float:
    """Sum of f over the factored 2-D most similar substructures of grids a and b."""
    if not a or not b or not a[0] or not b[0]:
        return 0.0
    _, rows = align(len(a), len(b), lambda i, k: align(len(a[i]), len(b[k]), lambda j, m: f(a[i][j], b[k][m]))[0])
    at, bt = _transpose(a), _transpose(b)
    _, cols = align(len(at), len(bt), lambda j, m: align(len(at[j]), len(bt[m]), lambda i, k: f(at[j][i], bt[m][k]))[0])
    return sum(f(a[i][j], b[k][m]) for i, k in rows for j, m in cols)


def _ratio(score: float, na: int, nb: int) -> tuple[float, float, float]:
    if na + nb == 0:
        return 1.0, 1.0, 1.0
    return 2 * score / (na + nb), (score / nb if nb else 0.0), (score / na if na else 0.0)


def grits(gold: GridSpec, pred: GridSpec) -> GritsScore:
    """GriTS_Top and GriTS_Con of a predicted table against the ground truth."""
    if gold == pred:
        return GritsScore(1.0, 1.0, 1.0, 1.0, 1.0, 1.0)
    top, tp, tr = _ratio(mss_score(gold.topology, pred.topology, box_iou), gold.size, pred.size)
    con, cp, cr = _ratio(mss_score(gold.content, pred.content, lcs_similarity), gold.size, pred.size)
    return GritsScore(top, con, tp, tr, cp, cr)


def exact(gold: GridSpec, pred: GridSpec, content: bool = True) -> bool:
    """The prediction reproduces the table exactly: same grid, same spans (and same texts when `content`)."""
    return gold.topology == pred.topology and (not content or gold.content == pred.content)
