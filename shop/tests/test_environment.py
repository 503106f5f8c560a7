"""Every environment variable is read through `shop/environment.py`, fails at start when malformed,
and is listed once in README's table."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from shop import environment

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _declarations_kept(monkeypatch):
    """The readers below declare test variables; the shop's own declarations stay as settings left them."""
    monkeypatch.setattr(environment, "DECLARED", dict(environment.DECLARED))


def _start(**overrides: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}}
    env.update(overrides)
    return subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


def test_readme_carries_the_table_the_declarations_print():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert environment.readme_table() in readme, "README's variables differ: paste `manage.py environment` into it"


def test_every_variable_is_listed_once():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("### Environment variables") :].split("\n\n#")[0]
    for name in environment.DECLARED:
        assert sum(line.startswith(f"| `{name}` |") for line in table.splitlines()) == 1, name


def test_no_code_reads_the_environment_but_the_declarations():
    readers = []
    for folder in ("common", "shop", "notifications", "accounts", "catalog", "orders", "payments", "realtime"):
        for path in (ROOT / folder).rglob("*.py"):
            if "tests" in path.parts or path.name in {"environment.py", "asgi.py", "wsgi.py", "celery.py"}:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv"}:
                    readers.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert readers == []


@pytest.mark.parametrize("word", ["1", "true", "TRUE", "yes", "Y", "y", "on", "On"])
def test_every_true_word_is_true(monkeypatch, word):
    monkeypatch.setenv("SHOP_TEST_FLAG", word)
    assert environment.flag("SHOP_TEST_FLAG", False, meaning="test") is True


@pytest.mark.parametrize("word", ["0", "false", "no", "N", "off", "OFF"])
def test_every_false_word_is_false(monkeypatch, word):
    monkeypatch.setenv("SHOP_TEST_FLAG", word)
    assert environment.flag("SHOP_TEST_FLAG", True, meaning="test") is False


@pytest.mark.parametrize(
    "reader, value",
    [
        (lambda: environment.flag("SHOP_TEST_VALUE", True, meaning="test"), "maybe"),
        (lambda: environment.integer("SHOP_TEST_VALUE", 1, meaning="test"), "ten"),
        (lambda: environment.integer("SHOP_TEST_VALUE", 1, meaning="test"), "-3"),
        (lambda: environment.decimal("SHOP_TEST_VALUE", 1, meaning="test"), "soon"),
        (lambda: environment.choice("SHOP_TEST_VALUE", "a", choices=("a", "b"), meaning="test"), "c"),
        (lambda: environment.url("SHOP_TEST_VALUE", schemes=("redis",), meaning="test"), "localhost:6379"),
    ],
)
def test_a_malformed_value_is_refused_with_its_name(monkeypatch, reader, value):
    monkeypatch.setenv("SHOP_TEST_VALUE", value)
    with pytest.raises(ImproperlyConfigured, match="SHOP_TEST_VALUE"):
        reader()


def test_blank_means_the_default(monkeypatch):
    monkeypatch.setenv("SHOP_TEST_VALUE", "  ")
    assert environment.integer("SHOP_TEST_VALUE", 7, meaning="test") == 7


def test_a_url_with_credentials_is_not_echoed(monkeypatch):
    monkeypatch.setenv("SHOP_TEST_VALUE", "ftp://user:secret@host/db")
    with pytest.raises(ImproperlyConfigured) as refused:
        environment.url("SHOP_TEST_VALUE", schemes=("postgres",), meaning="test")
    assert "secret" not in str(refused.value)


@pytest.mark.parametrize(
    "variable, value",
    [("DEBUG", "maybe"), ("DB_POOL_MAX_SIZE", "ten"), ("SMS_BACKEND", "pigeon"), ("DELIVERY_PINCODES", "5332:Town")],
)
def test_the_shop_refuses_to_start_on_a_malformed_value(variable, value):
    result = _start(**{variable: value})
    assert result.returncode != 0
    assert variable in result.stderr and "ImproperlyConfigured" in result.stderr


def test_the_sandbox_switch_reads_y_as_on():
    # PAYMENT_SANDBOX_IN_PRODUCTION=Y was read as off while README said Y (now PAYMENT_SANDBOX).
    result = _start(
        SHOP_ENV="production",
        SECRET_KEY="x" * 50,
        ALLOWED_HOSTS="shop.example.in",
        SMS_BACKEND="outbox",
        PAYMENT_SANDBOX="Y",
    )
    assert result.returncode == 0, result.stderr
