"""Mutation fuzzing of the readers on real files from ../shared/data.

Each mutant is a real file with a few bytes flipped, inserted or deleted, or cut short. Every reader must either
return a ParsedDocument or raise BadInputError (a LimitExceededError included): never another exception type,
never a hang past the time limit, never a crash of the process. Mutants run in the worker process of
`tablerag.limits.run_with_deadline`, so a hang or a crash is caught and reported, not fatal.

    python bench/fuzz.py --n 5000 [--seed 1] [--seconds 30] [--keep DIR]

CI runs a few hundred (tests/test_fuzz.py). Prints one line per failure and a summary.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"
SEEDS = [  # small real files of every format the readers take (kept small: thousands of mutants must be quick)
    "tabula-java/pdfs/us-020.pdf",
    "tabula-java/pdfs/twotables.pdf",
    "camelot/files/tabula/arabic.pdf",
    "camelot/files/column_span_2.pdf",
    "hitab-statcan-xlsx/xlsx/43.xlsx",
    "wikitablequestions/csv/200-csv/11.csv",
    "wikitablequestions/csv/200-csv/11.tsv",
]
LOCAL_SEEDS = ["examples/tatqa-sales-by-contract-type.csv"]
MAX_EDITS = 8  # a few edits per mutant: enough to break structure, few enough that most of the file survives
DEFAULT_SECONDS = 30.0  # per mutant; the real files read in well under a second
DIED = "reader process died"
XML_SHARE = 0.6  # share of XLSX mutants whose zip stays valid and one XML part is mutated instead


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: str
    mutant: int
    kind: str  # "ok" | "bad-input" | "limit" | "crash" | "hang" | "wrong-type"
    detail: str = ""


def seed_files() -> list[Path]:
    out = [SHARED / s for s in SEEDS if (SHARED / s).exists()]
    out += [REPO / s for s in LOCAL_SEEDS if (REPO / s).exists()]
    if not any(p.suffix == ".csv" for p in out):
        out += sorted((SHARED / "wikitablequestions").rglob("*.csv"))[:1]
    return out


def mutate(data: bytes, rng: random.Random) -> bytes:
    """A copy of `data` with 1..MAX_EDITS edits: flip a byte, insert random bytes, delete a run, or truncate."""
    buf = bytearray(data)
    for _ in range(rng.randint(1, MAX_EDITS)):
        if not buf:
            break
        op = rng.random()
        at = rng.randrange(len(buf))
        if op < 0.4:
            buf[at] ^= 1 << rng.randrange(8)
        elif op < 0.65:
            buf[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 16)))
        elif op < 0.9:
            del buf[at : at + rng.randint(1, 64)]
        else:
            del buf[max(1, at) :]
    return bytes(buf)


def mutate_workbook(data: bytes, rng: random.Random) -> bytes:
    """An XLSX whose zip stays valid but one XML part inside is mutated: reaches the XML readers, not just zipfile."""
    import io
    import zipfile

    src = zipfile.ZipFile(io.BytesIO(data))
    parts = [i.filename for i in src.infolist() if i.filename.endswith(".xml")]
    victim = rng.choice(parts)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            dst.writestr(info.filename, mutate(body, rng) if info.filename == victim else body)
    return out.getvalue()


def _read(path: Path) -> str:
    """Runs in the worker: parse, and say what came back (a ParsedDocument does not need to travel)."""
    from tablerag.parsing import parse

    doc = parse(path)
    return f"{len(doc.tables)} tables"


def run_one(path: Path, seconds: float) -> tuple[str, str]:
    from tablerag.errors import BadInputError, LimitExceededError, TimeLimitError
    from tablerag.limits import run_with_deadline

    try:
        return "ok", run_with_deadline(str(path), seconds, _read, path)
    except TimeLimitError as exc:
        return "hang", str(exc)
    except LimitExceededError as exc:
        return "limit", str(exc)
    except BadInputError as exc:
        return ("crash", str(exc)) if DIED in str(exc) else ("bad-input", str(exc))
    except Exception as exc:  # noqa: BLE001 - what the fuzzer is looking for
        return "wrong-type", f"{type(exc).__name__}: {exc}"


def fuzz(n: int, seed: int, out: Path, seconds: float = DEFAULT_SECONDS, keep: bool = False) -> list[Outcome]:
    """`n` mutants spread over the seed files; failing mutants are kept in `out` when `keep`."""
    rng = random.Random(seed)
    seeds = seed_files()
    out.mkdir(parents=True, exist_ok=True)
    results: list[Outcome] = []
    for i in range(n):
        src = seeds[i % len(seeds)]
        path = out / f"m{i:05d}{src.suffix}"
        inner = src.suffix == ".xlsx" and rng.random() < XML_SHARE
        path.write_bytes(mutate_workbook(src.read_bytes(), rng) if inner else mutate(src.read_bytes(), rng))
        kind, detail = run_one(path, seconds)
        results.append(Outcome(src.name, i, kind, detail))
        if kind in ("ok", "bad-input", "limit") or not keep:
            path.unlink()
    return results


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=float, default=DEFAULT_SECONDS)
    ap.add_argument("--keep", type=Path, default=Path("bench/out/fuzz"))
    args = ap.parse_args()
    start = time.monotonic()
    results = fuzz(args.n, args.seed, args.keep, args.seconds, keep=True)
    for r in results:
        if r.kind in ("crash", "hang", "wrong-type"):
            print(f"{r.kind:<10} m{r.mutant:05d} of {r.seed}: {r.detail[:300]}")
    counts = Counter(r.kind for r in results)
    print(f"{len(results)} mutants in {time.monotonic() - start:.0f} s: {dict(counts)}")
    sys.exit(1 if counts["crash"] + counts["hang"] + counts["wrong-type"] else 0)


if __name__ == "__main__":
    main()
