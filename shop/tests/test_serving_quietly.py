"""A local run prints each log line once and no warnings about how it was set up."""

import os
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core.asgi import get_asgi_application

ROOT = Path(__file__).resolve().parents[2]


def test_a_local_run_logs_each_line_once_and_celery_knows_its_broker_host():
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "SHOP_ENV", "DEBUG"}}
    script = (
        "import logging\n"
        "from shop.celery import app\n"
        "app.connection_for_write().info()\n"
        "logging.getLogger('django.request').warning('Not Found: /api/probe')\n"
        "logging.getLogger('catalog').info('catalog line')\n"
    )

    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", script],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert lines.count("Not Found: /api/probe") == 1, result.stderr
    assert lines.count("catalog line") == 1, result.stderr
    assert "No hostname was supplied" not in result.stderr


async def _get(application, path: str) -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }
    communicator = ApplicationCommunicator(application, scope)
    await communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
    start = await communicator.receive_output(timeout=10)
    body = b""
    while True:
        message = await communicator.receive_output(timeout=10)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(timeout=10)
    return start["status"], body


@pytest.mark.django_db(transaction=True)
async def test_files_stream_under_asgi_without_the_synchronous_iterator_warning(settings, tmp_path):
    settings.SERVESTATIC_USE_FINDERS = True  # serve the built frontend without collectstatic
    settings.MEDIA_ROOT = str(tmp_path)
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "rice.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    application = get_asgi_application()

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        static = await _get(application, "/static/img/logo.svg")
        media = await _get(application, "/media/catalog/rice.svg")
        worker = await _get(application, "/service-worker.js")
        outside = await _get(application, "/media/../manage.py")

    assert (static[0], media[0], worker[0]) == (200, 200, 200)
    assert static[1].lstrip().startswith(b"<svg") and media[1].startswith(b"<svg")
    assert outside[0] == 404
    assert [str(w.message) for w in caught if "synchronous iterators" in str(w.message)] == []
