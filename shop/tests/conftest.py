"""Fixtures of the shop's own tests."""

import shutil
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from conftest import free_port

ROOT = Path(settings.BASE_DIR)
BUNDLE = ROOT / "frontend" / "build" / "ssr" / "islands.js"


@pytest.fixture
def node_renderer(settings):
    """The island renderer (frontend/ssr/server.mjs) on a free port, and the shop pointed at it."""
    if shutil.which("node") is None or not BUNDLE.exists():
        pytest.skip("needs node and the renderer's bundle (npm run build)")
    port = free_port()
    process = subprocess.Popen(
        ["node", str(ROOT / "frontend" / "ssr" / "server.mjs")],
        env={"PATH": "/usr/bin:/bin:/usr/local/bin", "SSR_PORT": str(port)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 15
    while True:
        try:
            urllib.request.urlopen(f"{url}/healthz", timeout=1).read()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("the renderer did not start")
            time.sleep(0.1)
    settings.SSR_URL = url
    settings.SSR_TIMEOUT_MS = 5000  # a cold first render on a busy machine
    yield url
    process.terminate()
    process.wait(timeout=10)
