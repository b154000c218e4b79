"""`tablerag show`: tables, rows, columns, header and spanning cells drawn over the page image."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def test_show_draws_a_pdf_page(shared_data: Path, tmp_path: Path) -> None:
    from PIL import Image

    from tablerag.show import HEADER_RGBA, TABLE_RGBA, show

    pdf = shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf"
    shown = show(pdf, 1, tmp_path / "p.png", dpi=72)
    assert shown.tables == 3
    im = Image.open(shown.out).convert("RGB")
    assert im.size[0] == pytest.approx(595, abs=2)
    colours = {px for _, px in im.getcolors(1 << 20)}
    assert TABLE_RGBA[:3] in colours  # the table frames
    assert HEADER_RGBA[:3] not in colours  # header fills are translucent: blended, never the raw colour


def test_show_cli_and_bad_input(shared_data: Path, tmp_path: Path) -> None:
    pdf = shared_data / "icdar2013" / "competition-dataset-eu" / "eu-001.pdf"
    out = tmp_path / "cli.png"
    cmd = [sys.executable, "-m", "tablerag.cli", "show", str(pdf), "--page", "1", "--out", str(out), "--dpi", "50"]
    res = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0 and out.exists() and "3 table(s)" in res.stderr
    csv = tmp_path / "t.csv"
    csv.write_text("a,b\n1,2\n")
    res = subprocess.run([*cmd[:4], str(csv), "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert res.returncode == 1 and "PDF pages and images only" in res.stderr
