"""scripts/setup rebuilds the frontend only when its sources or the npm lock file changed."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def checkout(tmp_path):
    """A checkout whose Python and npm packages are installed, with `npm` recording its calls."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "setup", tmp_path / "scripts" / "setup")
    for name in ("frontend/src/lib", "frontend/public", "frontend/ssr", ".venv/bin", "node_modules", "bin"):
        (tmp_path / name).mkdir(parents=True)
    (tmp_path / "frontend/src/lib/money.js").write_text("export const a = 1;\n")
    (tmp_path / "frontend/public/offline.html").write_text("<p>offline</p>\n")
    (tmp_path / "frontend/ssr/server.mjs").write_text("export {};\n")
    (tmp_path / "webpack.config.js").write_text("module.exports = {};\n")
    (tmp_path / "package.json").write_text("{}\n")
    (tmp_path / "package-lock.json").write_text('{"lockfileVersion": 3}\n')
    (tmp_path / "requirements.txt").write_text("Django==5.2\n")
    (tmp_path / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.2.0\n")
    (tmp_path / ".venv/.installed-requirements.txt").write_text("Django==5.2")
    shutil.copy(tmp_path / "package-lock.json", tmp_path / "node_modules/.package-lock.copy")
    python = tmp_path / ".venv/bin/python"
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    pip = tmp_path / ".venv/bin/pip"
    pip.write_text('#!/bin/sh\necho "$*" >> "$(dirname "$0")/../../pip-calls"\n')
    pip.chmod(0o755)
    npm = tmp_path / "bin/npm"
    npm.write_text(
        '#!/bin/sh\necho "$*" >> "$(dirname "$0")/../npm-calls"\n'
        'mkdir -p frontend/build/ssr && echo "{}" > webpack-stats.json && echo "" > frontend/build/ssr/islands.js\n'
    )
    npm.chmod(0o755)
    return tmp_path


def _setup(checkout: Path, *options: str) -> str:
    env = {**os.environ, "PATH": f"{checkout / 'bin'}:{os.environ['PATH']}"}
    result = subprocess.run(
        ["bash", "scripts/setup", *options], cwd=checkout, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def _builds(checkout: Path) -> int:
    calls = (checkout / "npm-calls").read_text().splitlines() if (checkout / "npm-calls").exists() else []
    return sum("build" in call for call in calls)


def test_the_frontend_is_built_once_and_again_only_when_its_sources_change(checkout):
    first = _setup(checkout)
    assert _builds(checkout) == 1
    assert "building the frontend" in first

    again = _setup(checkout)
    (checkout / "frontend/src/lib/money.js").touch()  # a touch without a change is no change
    touched = _setup(checkout)
    assert _builds(checkout) == 1
    assert "frontend build up to date" in again and "frontend build up to date" in touched

    (checkout / "frontend/src/lib/money.js").write_text("export const a = 2;\n")
    _setup(checkout)
    assert _builds(checkout) == 2

    (checkout / "package-lock.json").write_text('{"lockfileVersion": 3, "packages": {}}\n')
    shutil.copy(checkout / "package-lock.json", checkout / "node_modules/.package-lock.copy")
    _setup(checkout)
    assert _builds(checkout) == 3


def test_every_step_says_what_it_does_as_it_starts(checkout):
    lines = [line for line in _setup(checkout).splitlines() if line.startswith("==> ")]

    assert [line.split(" ", 2)[2] for line in lines] == [
        "Python packages up to date (requirements.txt)",
        "npm packages up to date",
        "building the frontend (webpack)",
    ]


def test_the_development_tools_are_installed_only_when_asked_for(checkout):
    _setup(checkout)
    assert not (checkout / "pip-calls").exists()

    _setup(checkout, "--dev")
    _setup(checkout, "--dev")
    assert (checkout / "pip-calls").read_text().splitlines() == [
        "install --disable-pip-version-check --progress-bar off --no-compile -r requirements-dev.txt"
    ]


def test_npm_installs_exactly_the_lock_file_without_rewriting_it(checkout):
    (checkout / "package-lock.json").write_text('{"lockfileVersion": 3, "packages": {"": {}}}\n')
    _setup(checkout)
    calls = (checkout / "npm-calls").read_text().splitlines()
    assert calls[0].startswith("ci ")
