"""Legacy .xls through xlrd: the same tables, header chains and sheet rows as the XLSX reader on the same content."""

from __future__ import annotations

import pytest
from helpers import SEED000_ROWS, build_seed000_workbook

from tablerag.errors import BadInputError
from tablerag.parsing import parse


def build_seed000_xls(path):
    """The seed-000 sheet written as BIFF with xlwt: C1:E1 merged, names of A and B only in row 2, a hidden row."""
    import xlwt

    wb = xlwt.Workbook()
    ws = wb.add_sheet("Сети")
    ws.write_merge(0, 0, 2, 4, "Каналы National (Urban)")
    for col, name in enumerate(["Название сети", "Партнёр", "Гипермаркеты", "Супермаркеты", "Дискаунтеры"]):
        ws.write(1, col, name)
    for i, row in enumerate(SEED000_ROWS, start=2):
        for col, value in enumerate(row):
            ws.write(i, col, value)
    ws.write(len(SEED000_ROWS) + 2, 0, "СКРЫТАЯ")
    ws.write(len(SEED000_ROWS) + 2, 2, 1)
    ws.row(len(SEED000_ROWS) + 2).hidden = True
    wb.save(str(path))
    return path


def test_xls_matches_the_xlsx_reader(tmp_path):
    xls = parse(build_seed000_xls(tmp_path / "сети.xls"))
    xlsx = parse(build_seed000_workbook(tmp_path / "сети.xlsx"))
    (a,), (b,) = xls.tables, xlsx.tables
    assert xls.format == "xls" and a.source.sheet == "Сети"
    assert a.column_headers == b.column_headers
    assert a.column_headers[2] == ["Каналы National (Urban)", "Гипермаркеты"]
    assert a.sheet_rows == b.sheet_rows and a.column_letters == b.column_letters
    assert a.grid() == b.grid()
    assert "СКРЫТАЯ" not in str(a.grid())  # the hidden row is skipped


@pytest.mark.parametrize(
    ("content", "cause"),
    [
        (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600, "not a readable .xls"),
        (b"PK\x03\x04zip", "not a legacy .xls"),
    ],
)
def test_bad_xls_names_file_and_cause(tmp_path, content, cause):
    bad = tmp_path / "broken.xls"
    bad.write_bytes(content)
    with pytest.raises(BadInputError) as err:
        parse(bad)
    assert "broken.xls" in str(err.value) and cause in str(err.value)
