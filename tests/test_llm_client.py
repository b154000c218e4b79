"""The OpenAI-compatible client against real HTTP servers on 127.0.0.1: a scripted one for timeouts, retries,
format fallback and the concurrency limit; the real llama.cpp server for JSON-schema output and the cache."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from llm_fixtures import Scripted, llama_server, scripted_server

from tablerag.llm.base import ChatRequest, Llm, LlmError, first_json_object
from tablerag.llm.client import LlmConfig, OpenAiLlm, build_messages
from tablerag.llm.server import LlamaServer, llama_cpp_available

SCHEMA = {"type": "object", "properties": {"answer": {"type": "string"}}, "required": ["answer"]}
REQ = ChatRequest("You answer in JSON.", 'Say hello. Answer as JSON: {"answer": "..."}', SCHEMA, max_tokens=32)
FAST_BACKOFF_S = 0.01  # tests do not wait for real backoff


@pytest.fixture
def llama() -> LlamaServer:
    return llama_server()


@pytest.fixture
def scripted() -> Iterator[tuple[str, Scripted]]:
    yield from scripted_server()


def _client(url: str, tmp_path: Path | None = None, **kw: object) -> OpenAiLlm:
    cfg = LlmConfig(base_url=url, model="fake", cache_dir=tmp_path, backoff_base_s=FAST_BACKOFF_S, **kw)  # type: ignore[arg-type]
    return OpenAiLlm(cfg)


def test_protocol_and_json_extraction() -> None:
    assert isinstance(_client("http://127.0.0.1:9/v1"), Llm)
    assert first_json_object('Sure! ```json\n{"a": [1, {"b": 2}]}\n``` done') == {"a": [1, {"b": 2}]}
    assert first_json_object('{broken {"ok": true}') == {"ok": True}
    assert first_json_object("no json here") is None


def test_config_from_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLERAG_LLM_BASE_URL", "http://h:1/v1")
    monkeypatch.setenv("TABLERAG_LLM_MODEL", "m")
    monkeypatch.delenv("TABLERAG_LLM_API_KEY", raising=False)
    monkeypatch.setenv("OPENAI_API_KEY", "k")
    monkeypatch.setenv("TABLERAG_LLM_CONCURRENCY", "3")
    monkeypatch.setenv("TABLERAG_LLM_IMAGES", "0")
    cfg = LlmConfig.from_env(timeout_s=5.0)
    assert not cfg.send_images
    assert (cfg.base_url, cfg.model, cfg.api_key, cfg.max_concurrency, cfg.timeout_s) == (
        "http://h:1/v1",
        "m",
        "k",
        3,
        5.0,
    )
    monkeypatch.delenv("TABLERAG_LLM_BASE_URL")
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    with pytest.raises(LlmError, match="TABLERAG_LLM_BASE_URL"):
        LlmConfig.from_env()


def test_images_go_as_data_urls() -> None:
    req = ChatRequest("s", "u", SCHEMA, images=(b"\x89PNG",))
    user = build_messages(req)[1]["content"]
    assert user[0] == {"type": "text", "text": "u"}
    assert user[1]["image_url"]["url"].startswith("data:image/png;base64,")
    assert build_messages(req, images=False)[1]["content"] == "u"


def test_timeout_then_retries_then_error(scripted: tuple[str, Scripted]) -> None:
    url, state = scripted
    state.default = ("sleep", 1.0, '{"answer": "late"}')
    llm = _client(url, timeout_s=0.2, max_retries=2)
    with pytest.raises(LlmError, match="3 attempts"):
        llm.chat_json(REQ)
    assert len(state.requests) == 3
    assert (llm.stats.retries, llm.stats.failures) == (2, 1)


def test_server_errors_are_retried_with_backoff(scripted: tuple[str, Scripted]) -> None:
    url, state = scripted
    state.steps = [("status", 500), ("status", 503), ("status", 429)]
    state.default = ("ok", '{"answer": "hi"}')
    llm = _client(url, max_retries=3)
    result = llm.chat_json(REQ)
    assert result.data == {"answer": "hi"} and not result.cached
    assert len(state.requests) == 4 and llm.stats.retries == 3


def test_client_errors_are_not_retried(scripted: tuple[str, Scripted]) -> None:
    url, state = scripted
    state.default = ("status", 401)
    llm = _client(url, max_retries=3)
    with pytest.raises(LlmError, match="401"):
        llm.chat_json(REQ)
    assert len(state.requests) == 1


def test_response_format_falls_back(scripted: tuple[str, Scripted]) -> None:
    url, state = scripted
    state.steps = [("reject_format", "json_schema"), ("reject_format", "json_object")]
    state.default = ("ok", 'Here you go: {"answer": "hi"}')
    llm = _client(url)
    assert llm.chat_json(REQ).data == {"answer": "hi"}
    formats = [r.get("response_format", {}).get("type") for r in state.requests]
    assert formats == ["json_schema", "json_object", None]
    assert state.requests[0]["response_format"]["json_schema"]["schema"] == SCHEMA
    llm.chat_json(ChatRequest("s", "other prompt", SCHEMA))  # the working mode is remembered
    assert "response_format" not in state.requests[-1]


def test_concurrency_limit_is_honoured(scripted: tuple[str, Scripted]) -> None:
    url, state = scripted
    state.default = ("sleep", 0.3, '{"answer": "x"}')
    llm = _client(url, max_concurrency=2)
    threads = [threading.Thread(target=llm.chat_json, args=(ChatRequest("s", f"q{i}", SCHEMA),)) for i in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(state.requests) == 6
    assert state.max_in_flight == 2


def test_disk_cache_answers_without_a_request(scripted: tuple[str, Scripted], tmp_path: Path) -> None:
    url, state = scripted
    state.default = ("ok", '{"answer": "cached?"}')
    first = _client(url, tmp_path).chat_json(REQ)
    again = _client(url, tmp_path)  # a new client, as in a second run
    second = again.chat_json(REQ)
    assert len(state.requests) == 1
    assert second.cached and not first.cached and second.data == first.data
    assert again.stats.cache_hits == 1 and again.stats.requests == 0
    image_req = ChatRequest(REQ.system, REQ.user, SCHEMA, images=(b"png-bytes",))
    assert image_req.cache_key("fake") != REQ.cache_key("fake") != REQ.cache_key("other-model")


def test_real_llama_server_json_schema(llama: LlamaServer, tmp_path: Path) -> None:
    llm = OpenAiLlm(LlmConfig(base_url=llama.base_url, model=llama.model, cache_dir=tmp_path))
    result = llm.chat_json(REQ)
    assert isinstance(result.data, dict) and isinstance(result.data.get("answer"), str), result.text
    assert json.loads(result.text) == result.data  # grammar-constrained: the whole answer is the JSON
    again = OpenAiLlm(LlmConfig(base_url=llama.base_url, model=llama.model, cache_dir=tmp_path))
    assert again.chat_json(REQ).cached and again.stats.requests == 0


def test_llm_modules_import_light() -> None:
    code = (
        "import sys, tablerag.llm, tablerag.llm.client, tablerag.llm.server, tablerag.llm.images, "
        "tablerag.llm.describe; print(sorted(m for m in ('openai', 'llama_cpp', 'fitz', 'pymupdf', 'httpx') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


def test_server_that_cannot_start_reports_its_log(tmp_path: Path) -> None:
    if not llama_cpp_available():
        pytest.skip("llama-cpp-python is not installed (pip install 'llama-cpp-python[server]'); CI installs it")
    bogus = tmp_path / "not-a-model.gguf"
    bogus.write_bytes(b"not a gguf")
    with pytest.raises(LlmError, match="exited"):
        LlamaServer.start(bogus, timeout_s=60)
