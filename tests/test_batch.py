"""Batches: bad files get an error naming the file and the cause, the rest is ingested, re-runs duplicate nothing."""

from __future__ import annotations

import shutil

import pytest
from helpers import build_seed000_workbook, with_vectors

import tablerag


@pytest.fixture()
def batch(tmp_path, shared_data):
    good = tmp_path / "docs"
    good.mkdir()
    shutil.copy(shared_data / "tabula-java" / "pdfs" / "us-020.pdf", good / "report.pdf")
    build_seed000_workbook(good / "сети.xlsx")
    real_pdf = (shared_data / "icdar2013" / "competition-dataset-eu" / "eu-002.pdf").read_bytes()
    bad = {
        "truncated.pdf": real_pdf[: len(real_pdf) // 3],
        "empty.csv": b"",
        "picture.pdf": (shared_data / "pubtabnet").rglob("*.png").__next__().read_bytes(),
        "corrupt.xlsx": b"PK\x03\x04" + b"\x00garbage" * 50,
    }
    for name, data in bad.items():
        (good / name).write_bytes(data)
    import pymupdf

    enc = pymupdf.open(shared_data / "icdar2013" / "competition-dataset-eu" / "eu-002.pdf")
    enc.save(good / "encrypted.pdf", encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="secret", owner_pw="owner")
    return good, set(bad) | {"encrypted.pdf"}


def test_bad_files_fail_with_named_cause_and_batch_goes_on(batch, tmp_path):
    folder, bad_names = batch
    with tablerag.Index(tmp_path / "idx") as index:
        report = index.add([folder])
        failed = {r.path.rsplit("/", 1)[-1]: r.error for r in report.failures}
        assert set(failed) == bad_names
        for name, error in failed.items():
            assert name in error, error
        assert "empty" in failed["empty.csv"]
        assert "PNG" in failed["picture.pdf"]
        assert "encrypt" in failed["encrypted.pdf"].lower() or "password" in failed["encrypted.pdf"].lower()
        assert report.count("added") == 2
        stats = index.stats()
        assert stats["documents"] == 2 and stats["records"] > 0 and index.vector.count() == with_vectors(index)

        again = index.add([folder])
        assert again.count("unchanged") == 2 and again.count("added") == 0
        assert index.stats() == stats and index.vector.count() == with_vectors(index)


def test_changed_file_replaces_its_records(tmp_path):
    book = build_seed000_workbook(tmp_path / "сети.xlsx")
    with tablerag.Index(tmp_path / "idx") as index:
        index.add([book])
        before = index.stats()
        import openpyxl

        wb = openpyxl.load_workbook(book)
        wb["Сети"]["B4"] = "Нет"
        wb.save(book)
        report = index.add([book])
        assert report.results[0].status == "replaced"
        assert index.stats() == before and index.vector.count() == with_vectors(index)
        assert index.ask("Является ли Северянка нашим партнёром?").answer.value == "Нет"


def test_crashed_document_is_cleaned_on_reopen(tmp_path):
    book = build_seed000_workbook(tmp_path / "сети.xlsx")
    with tablerag.Index(tmp_path / "idx") as index:
        index.add([book])
        clean = index.stats()
        # simulate a crash between the vector write and the table-store commit
        doc = index.store.manifest.documents()[0]
        index.store.con.execute("UPDATE documents SET status = 'pending' WHERE doc = ?", [doc.doc])
    with tablerag.Index(tmp_path / "idx") as index:
        assert index.stats()["documents"] == 0 and index.vector.count() == 0
        index.add([book])
        assert index.stats() == clean and index.vector.count() == with_vectors(index)


@pytest.mark.parametrize("older", ["recorded as NULL", "no prepared column"])
def test_files_prepared_by_older_code_are_prepared_again(tmp_path, older):
    """An index built by older code keeps that code's records for unchanged files: the manifest remembers which
    code prepared each document, and the next add prepares such files again, replacing their records once."""
    import duckdb

    from tablerag.index.ingest import PREPARE_VERSION

    (tmp_path / "costs.csv").write_text("item,2019,2018\nRevenue,100,90\nGross profit,40,35\n", encoding="utf-8")
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        assert index.add([tmp_path / "costs.csv"]).count("added") == 1
        stats = index.stats()
    con = duckdb.connect(str(tmp_path / "idx" / "tables.duckdb"))
    if older == "recorded as NULL":
        con.execute("UPDATE documents SET prepared = NULL")
    else:
        con.execute("ALTER TABLE documents DROP COLUMN prepared")
    con.close()
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        again = index.add([tmp_path / "costs.csv"])
        assert [r.status for r in again.results] == ["replaced"]
        assert index.stats() == stats and index.vector.count() == with_vectors(index)
        assert [e.prepared for e in index.store.manifest.documents()] == [PREPARE_VERSION]
        assert index.add([tmp_path / "costs.csv"]).count("unchanged") == 1


READ_WAIT_S = 60  # how long a read waits for the commits before it (a bound for code that never commits early)


def test_documents_read_slower_than_they_embed_are_committed_as_they_come(tmp_path, monkeypatch):
    """When no other document is ready (scans read slower than they embed), each is embedded and committed as it
    comes, while the next is read, not all at the batch's end. Here each read waits for the commits before it,
    so the order, not the clock, decides (with commits only at the end every read waits out its timeout)."""
    import threading

    import tablerag.pipeline.facade as facade

    files = []
    for n in range(3):
        files.append(tmp_path / f"costs{n}.csv")
        files[-1].write_text(f"item,2019,2018\nRevenue {n},100,90\nGross profit {n},40,35\n", encoding="utf-8")
    commits: list[list[str]] = []
    changed = threading.Condition()
    started: list[str] = []
    real_prepare = facade.prepare

    def prepare(path, *args, **kwargs):  # type: ignore[no-untyped-def]
        with changed:
            started.append(str(path))
            earlier = len(started) - 1
            changed.wait_for(lambda: sum(map(len, commits)) >= earlier, timeout=READ_WAIT_S)
        return real_prepare(path, *args, **kwargs)

    monkeypatch.setattr(facade, "prepare", prepare)
    with tablerag.Index(tmp_path / "idx", embedder="use") as index:
        real_commit = index.commit_many

        def commit_many(batch, *args, **kwargs):  # type: ignore[no-untyped-def]
            out = real_commit(batch, *args, **kwargs)
            with changed:
                commits.append([p.path for p in batch])
                changed.notify_all()
            return out

        monkeypatch.setattr(index, "commit_many", commit_many)
        report = index.add(files)
        assert report.count("added") == 3
        assert [len(c) for c in commits if c] == [1, 1, 1]  # one document each, as they came
        assert index.vector.count() == with_vectors(index)
