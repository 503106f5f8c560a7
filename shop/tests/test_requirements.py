"""Runtime and development dependencies apart, both pinned (issue 30): the image that serves
shoppers carries no test server, fuzzer or browser driver."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^[A-Za-z0-9_.\-]+(\[[a-z,]+\])?==[0-9][^\s]*$")
DEVELOPMENT_ONLY = {"pytest", "pytest-django", "pytest-asyncio", "pytest-randomly", "hypothesis", "schemathesis"}
DEVELOPMENT_ONLY |= {"moto", "playwright", "ruff", "flask", "responses", "polib", "docker"}


def _packages(name: str) -> list[str]:
    lines = (ROOT / name).read_text().splitlines()
    return [line.strip() for line in lines if line.strip() and not line.startswith(("#", "-r "))]


def _name(line: str) -> str:
    return re.split(r"[\[=]", line)[0].lower().replace("_", "-")


def test_every_package_is_pinned():
    for name in ("requirements.txt", "requirements-dev.txt"):
        assert [line for line in _packages(name) if not PIN.match(line)] == [], name


def test_the_runtime_file_carries_no_test_fuzz_or_browser_tool():
    assert {_name(line) for line in _packages("requirements.txt")} & DEVELOPMENT_ONLY == set()


def test_the_development_file_builds_on_the_runtime_one_without_repeating_it():
    dev = (ROOT / "requirements-dev.txt").read_text().splitlines()
    assert "-r requirements.txt" in dev
    runtime = {_name(line) for line in _packages("requirements.txt")}
    assert {_name(line) for line in _packages("requirements-dev.txt")} & runtime == set()
    assert DEVELOPMENT_ONLY <= {_name(line) for line in _packages("requirements-dev.txt")}
