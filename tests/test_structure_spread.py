"""Page selection of `tablerag eval structure`: --limit spreads the pages over the suite, --offset picks the ones
between (a second suite with no page in common)."""

from __future__ import annotations

from pathlib import Path

from tablerag.eval.structure import GoldPage, spread


def test_offset_picks_the_pages_between() -> None:
    pages = [GoldPage(f"d{i}", Path(f"d{i}.pdf"), 1) for i in range(93)]
    first, second = spread(pages, 25), spread(pages, 25, 0.5)
    assert len(first) == len(second) == 25
    assert not {p.doc for p in first} & {p.doc for p in second}
    assert first[0].doc == "d0" and second[0].doc == "d1"
    assert spread(pages, None, 0.5) == pages
