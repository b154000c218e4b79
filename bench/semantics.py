"""Table-semantics figures: HiTab header chains, TAT-QA numbers, streaming a big workbook.

    python bench/semantics.py                      # all three parts
    python bench/semantics.py --part streaming --sizes 10 100

Prints the figures and writes them to bench/out/semantics.json. Generated workbooks go to /tmp (never committed).
Each streaming measurement runs in its own subprocess so its peak RSS (ru_maxrss) is its own.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
DATA = REPO.parent / "shared" / "data"
OUT = REPO / "bench" / "out" / "semantics.json"
WORK = Path("/tmp/tablerag-bench")
SECTION_EVERY = 500  # a section row ("Section k") every this many data rows, so rows get two-level chains
BYTES_PER_ROW_GUESS = 200  # first guess of the zipped size of one generated row; the 10 MB file calibrates it
NORMAL_MODE_MAX_MB = 20  # normal mode (and collecting a streamed document) holds every cell: above this size it
# needs several GB and minutes, so only the bounded iterator is measured
QUARTERS = ["Q1", "Q2", "Q3", "Q4"]
REGIONS = [f"Region {i}" for i in range(40)]
NOTES = [f"note {i}: delivered in batches" for i in range(20)]
DESCRIPTION_WORDS = 60  # a free-text description per row, as price lists and exports carry: bytes, not just cells


def generate(path: Path, rows: int, seed: int = 0) -> Path:
    """A price-list-like sheet: title, a two-level header with merges (Sales/Costs over Q1..Q4, vertical stub
    headers), section rows every `SECTION_EVERY` rows, then text, numbers, codes and a free-text description."""
    import openpyxl

    rnd = random.Random(seed)
    vocab = ["".join(rnd.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(rnd.randint(3, 10))) for _ in range(3000)]
    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("data")
    ws.append(["Generated price list (USD, in thousands)"])
    ws.append([])
    ws.append(
        ["Region", "Product", "Sales", None, None, None, "Costs", None, None, None, "Code", "Note", "Description"]
    )
    ws.append([None, None, *QUARTERS, *QUARTERS, None, None, None])
    for merge in ("A1:M1", "A3:A4", "B3:B4", "C3:F3", "G3:J3", "K3:K4", "L3:L4", "M3:M4"):
        ws.merged_cells.add(merge)
    for i in range(rows):
        if i % SECTION_EVERY == 0:
            ws.append([f"Section {i // SECTION_EVERY}"])
        numbers = [round(rnd.random() * 1e5, 2) for _ in range(8)]
        code = f"SKU-{rnd.randrange(10**8):08d}"
        text = " ".join(rnd.choices(vocab, k=DESCRIPTION_WORDS))
        ws.append([rnd.choice(REGIONS), f"Product {i % 5000}", *numbers, code, rnd.choice(NOTES), text])
    wb.save(path)
    return path


_CHILD = r"""
import json, resource, sys, time
from pathlib import Path
from tablerag.model import Table
path, mode = Path(sys.argv[1]), sys.argv[2]
t0 = time.perf_counter()
rows = tables = parts = 0
heads_ok = True
first = None
if mode == "stream-iter":
    from tablerag.parsing.xlsx_stream import iter_xlsx
    for obj in iter_xlsx(path, "0" * 64):
        if isinstance(obj, Table):
            tables += 1
            rows += obj.n_rows - obj.header_rows
            first = first or obj
            heads_ok &= obj.column_headers[2:4] == [["Sales", "Q1"], ["Sales", "Q2"]]
else:
    from tablerag.parsing.spreadsheet import read_xlsx
    doc = read_xlsx(path, "0" * 64, stream=(mode == "stream-doc"))
    tables = len(doc.tables)
    rows = sum(t.n_rows - t.header_rows for t in doc.tables)
    heads_ok = all(t.column_headers[2:4] == [["Sales", "Q1"], ["Sales", "Q2"]] for t in doc.tables)
    first = doc.tables[0]
seconds = time.perf_counter() - t0
use = resource.getrusage(resource.RUSAGE_SELF)
cpu = use.ru_utime + use.ru_stime
print(json.dumps({
    "mode": mode, "seconds": round(seconds, 2), "cpu_seconds": round(cpu, 2), "rows": rows, "tables": tables,
    "rows_per_cpu_s": round(rows / cpu),
    "rows_per_s": round(rows / seconds), "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
    "merged_headers_kept": bool(heads_ok), "caption": first.caption if first else None,
    "first_row_chain": first.row_headers[first.header_rows] if first else None, "unit": first.unit if first else None,
}))
"""


def measure(path: Path, mode: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path), mode], capture_output=True, text=True, cwd=REPO, check=False
    )
    if proc.returncode != 0:
        return {"mode": mode, "error": proc.stderr[-2000:]}
    return dict(json.loads(proc.stdout.strip().splitlines()[-1]))


def streaming(sizes_mb: list[int]) -> dict[str, Any]:
    WORK.mkdir(parents=True, exist_ok=True)
    out: dict[str, Any] = {}
    per_row = float(BYTES_PER_ROW_GUESS)
    for sidecar in WORK.glob("generated-*.rows"):  # calibrate from a workbook generated before
        book = sidecar.with_suffix(".xlsx")
        if book.exists():
            per_row = book.stat().st_size / int(sidecar.read_text())
    for size in sorted(sizes_mb):
        path = WORK / f"generated-{size}mb.xlsx"
        sidecar = path.with_suffix(".rows")
        if not path.exists() or not sidecar.exists():
            rows = int(size * 1024**2 / per_row)
            t0 = time.perf_counter()
            generate(path, rows)
            sidecar.write_text(str(rows))
            print(f"generated {path} ({rows} rows) in {time.perf_counter() - t0:.0f}s", flush=True)
        actual = path.stat().st_size
        per_row = actual / int(sidecar.read_text())
        small = actual <= NORMAL_MODE_MAX_MB * 1024**2
        modes = ["stream-iter"] + (["stream-doc", "normal"] if small else [])
        runs = [measure(path, mode) for mode in modes]
        for run in runs:
            print(f"{size} MB {run}", flush=True)
        out[f"{size}mb"] = {"file_mb": round(actual / 1024**2, 1), "runs": runs}
    return out


def headers() -> dict[str, Any]:
    from tablerag.eval.headers import hitab_header_accuracy

    got = hitab_header_accuracy(DATA / "hitab-statcan-xlsx" / "xlsx")
    print(f"HiTab columns {got['columns']}  rows {got['rows']}", flush=True)
    return got


def numbers() -> dict[str, Any]:
    from tablerag.eval.numbers import tatqa_number_accuracy

    got = tatqa_number_accuracy(DATA / "tat-qa" / "tatqa_dataset_dev.json")
    print(f"TAT-QA derivation numbers {got['derivation_numbers']}  cells {got['number_cells']}", flush=True)
    print(f"TAT-QA scales {got['scales']}", flush=True)
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--part", choices=["headers", "numbers", "streaming", "all"], default="all")
    ap.add_argument("--sizes", type=int, nargs="+", default=[10, 100], help="generated workbook sizes in MB")
    args = ap.parse_args()
    result: dict[str, Any] = {}
    if args.part in ("headers", "all"):
        result["hitab_header_chains"] = headers()
    if args.part in ("numbers", "all"):
        result["tatqa_numbers"] = numbers()
    if args.part in ("streaming", "all"):
        result["streaming"] = streaming(args.sizes)
    before: dict[str, Any] = json.loads(OUT.read_text()) if OUT.exists() else {}  # read late: runs may overlap
    result["streaming"] = {**before.get("streaming", {}), **result.get("streaming", {})}
    result = {**before, **result}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2, ensure_ascii=False))
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
