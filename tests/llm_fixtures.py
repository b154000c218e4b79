"""Servers the LLM tests talk to: a scripted OpenAI-compatible HTTP server (real sockets, on 127.0.0.1) that can be
slow, fail or reject a response format, and the real llama.cpp server with the Gemma 3 270M GGUF from PyPI."""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

from tablerag.llm.base import ChatRequest, ChatResult, LlmError
from tablerag.llm.server import LlamaServer, gguf_path, llama_cpp_available

# a step: ("ok", content) | ("sleep", seconds, content) | ("status", code) | ("reject_format", format_type)
Step = tuple[Any, ...]


@dataclass
class Scripted:
    """Behaviour and counters of the scripted server; `steps` are consumed one per request, `default` after."""

    steps: list[Step] = field(default_factory=list)
    default: Step = ("ok", '{"sentences": []}')
    requests: list[dict[str, Any]] = field(default_factory=list)
    in_flight: int = 0
    max_in_flight: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_step(self, body: dict[str, Any]) -> Step:
        with self.lock:
            self.requests.append(body)
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
            return self.steps.pop(0) if self.steps else self.default

    def done(self) -> None:
        with self.lock:
            self.in_flight -= 1


def _completion(content: str) -> dict[str, Any]:
    message = {"role": "assistant", "content": content}
    return {
        "id": "x",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
    }


def _handler(state: Scripted) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args: Any) -> None:  # keep test output clean
            pass

        def _send(self, code: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self._finish()
            self.end_headers()
            with contextlib.suppress(OSError):  # the client gave up (timeout test)
                self.wfile.write(data)

        def do_POST(self) -> None:  # noqa: N802 - http.server's naming
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            step = state.next_step(body)
            self.counted = True
            try:
                self._answer(step, body)
            finally:
                self._finish()

        def _finish(self) -> None:
            """The request leaves the in-flight count before its answer is written: counted after, a client that
            already had its answer could send the next request first (a flake under load: 3 in flight of 2)."""
            if getattr(self, "counted", False):
                self.counted = False
                state.done()

        def _answer(self, step: Step, body: dict[str, Any]) -> None:
            kind = step[0]
            if kind == "reject_format" and body.get("response_format", {}).get("type") == step[1]:
                self._send(400, {"error": {"message": f"response_format {step[1]} not supported"}})
            elif kind == "status":
                self._send(step[1], {"error": {"message": f"scripted {step[1]}"}})
            elif kind == "sleep":
                time.sleep(step[1])
                self._send(200, _completion(step[2]))
            else:
                self._send(200, _completion(step[-1] if kind == "ok" else state.default[-1]))

    return Handler


def scripted_server() -> Iterator[tuple[str, Scripted]]:
    """(base_url, state) of a scripted OpenAI-compatible server on a free 127.0.0.1 port; use as a fixture body
    (``yield from scripted_server()``)."""
    state = Scripted()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(state))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/v1", state
    finally:
        httpd.shutdown()
        httpd.server_close()


@functools.cache
def _start_llama_server() -> LlamaServer:
    server = LlamaServer.start(gguf_path())
    atexit.register(server.stop)
    return server


def llama_server() -> LlamaServer:
    """The real llama.cpp OpenAI-compatible server with Gemma 3 270M: one per test process, stopped at exit, so
    every test module shares it (modules wrap this in their own fixture; conftest.py is not ours to extend)."""
    if not llama_cpp_available():
        pytest.skip("llama-cpp-python is not installed (pip install 'llama-cpp-python[server]'); CI installs it")
    return _start_llama_server()


class FakeLlm:
    """A protocol-level stand-in that answers with crafted JSON, for cases a real model cannot be made to produce."""

    def __init__(self, answers: dict[str, Any] | None = None, fail: bool = False) -> None:
        self.answers = answers or {}
        self.fail = fail
        self.requests: list[ChatRequest] = []
        self.lock = threading.Lock()

    @property
    def model(self) -> str:
        return "fake"

    def chat_json(self, request: ChatRequest) -> ChatResult:
        with self.lock:
            self.requests.append(request)
        if self.fail:
            raise LlmError("scripted failure")
        data = self.answers.get(request.schema_name, {})
        return ChatResult(data, json.dumps(data))
