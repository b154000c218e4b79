"""Shared fixtures: the real evaluation data beside the repo, and an offline environment."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("OMP_THREAD_LIMIT", "1")
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.exists():
        pytest.fail(f"shared data not found at {SHARED}")
    return SHARED


@pytest.fixture(scope="session")
def repo() -> Path:
    return REPO


SERVER_START_S = 60  # a cold `chroma run` is up in a few seconds; generous for a loaded CI machine


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(url: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + SERVER_START_S
    while time.monotonic() < deadline and process.poll() is None:
        try:
            urllib.request.urlopen(f"{url}/api/v2/heartbeat", timeout=1).close()
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"chroma server at {url} did not start")


@pytest.fixture()
def chroma_url(tmp_path: Path) -> Iterator[str]:
    """A real `chroma run` server on 127.0.0.1 (it ships with chromadb, a core dependency)."""
    cli = shutil.which("chroma")
    if cli is None:
        pytest.fail("the `chroma` CLI (from chromadb) is not on PATH")
    port = free_port()
    command = [cli, "run", "--path", str(tmp_path / "server"), "--host", "127.0.0.1", "--port", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}"
        _wait_for(url, process)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)
