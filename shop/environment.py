"""The one reader of the environment: every variable the shop reads is declared here, once.

The settings package (`shop/settings/`) reads each variable through one of the typed readers below, giving its
default and what it means. A value that cannot be read (`DEBUG=maybe`, `DB_POOL_MAX_SIZE=ten`,
`SMS_BACKEND=carrier-pigeon`) stops the process at start with a message naming the variable and
what it accepts, rather than failing at the first request that needs it. Every declaration is
kept in `DECLARED`, from which `manage.py environment` prints README's table of variables
(`shop/tests/test_environment.py` fails when README's table says anything else).

Booleans accept the same words everywhere: 1/0, true/false, yes/no, y/n, on/off (any case).
"""

import os
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

TRUE_WORDS = frozenset({"1", "true", "yes", "y", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "n", "off"})


@dataclass(frozen=True)
class Variable:
    name: str
    default: str  # as README shows it
    meaning: str


DECLARED: dict[str, Variable] = {}


def _declare(name: str, default: str, meaning: str) -> str | None:
    """Record the variable and answer its raw value (None when unset or blank)."""
    if name in DECLARED and DECLARED[name].meaning != meaning:
        raise ImproperlyConfigured(f"{name} is declared twice with different meanings")
    DECLARED[name] = Variable(name=name, default=default, meaning=meaning)
    value = os.environ.get(name)
    if value is None or not value.strip():
        return None
    return value.strip()


def _refuse(name: str, value: str, expected: str) -> ImproperlyConfigured:
    return ImproperlyConfigured(f"{name}={value!r} is not valid: expected {expected}")


def _shown(default) -> str:
    if default is None or default == "":
        return "none"
    if isinstance(default, bool):
        return "on" if default else "off"
    return f"`{default}`"


def text(name: str, default: str = "", *, meaning: str, shown: str | None = None) -> str:
    value = _declare(name, shown or _shown(default), meaning)
    return default if value is None else value


def secret(name: str, *, meaning: str, shown: str = "none") -> str:
    """A credential: read like text, never shown in an error message."""
    value = _declare(name, shown, meaning)
    return value or ""


def flag(name: str, default: bool, *, meaning: str, shown: str | None = None) -> bool:
    value = _declare(name, shown or _shown(default), meaning)
    if value is None:
        return default
    word = value.lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise _refuse(name, value, "one of 1/0, true/false, yes/no, y/n, on/off")


def integer(name: str, default: int, *, meaning: str, minimum: int | None = 0, shown: str | None = None) -> int:
    value = _declare(name, shown or _shown(default), meaning)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise _refuse(name, value, "a whole number") from None
    if minimum is not None and number < minimum:
        raise _refuse(name, value, f"a whole number of at least {minimum}")
    return number


def decimal(name: str, default: float, *, meaning: str, shown: str | None = None) -> float:
    value = _declare(name, shown or _shown(default), meaning)
    if value is None:
        return default
    try:
        number = float(value)
    except ValueError:
        raise _refuse(name, value, "a number") from None
    if number < 0 or number != number:
        raise _refuse(name, value, "a number of 0 or more")
    return number


def choice(name: str, default: str, *, choices: Sequence[str], meaning: str, shown: str | None = None) -> str:
    value = _declare(name, shown or _shown(default), meaning)
    if value is None:
        return default
    if value not in choices:
        raise _refuse(name, value, "one of " + ", ".join(choices))
    return value


def listing(name: str, default: str = "", *, meaning: str, shown: str | None = None) -> list[str]:
    """A comma-separated list (`a,b,c`)."""
    value = _declare(name, shown or _shown(default), meaning)
    return [item.strip() for item in (default if value is None else value).split(",") if item.strip()]


def url(name: str, default: str = "", *, schemes: Sequence[str], meaning: str, shown: str | None = None) -> str:
    value = _declare(name, shown or _shown(default), meaning)
    if value is None:
        return default
    parts = urlsplit(value)
    if parts.scheme not in schemes or not (parts.netloc or parts.path):
        raise _refuse(
            name, "…" if "@" in value else value, "a URL starting with " + " or ".join(f"{s}://" for s in schemes)
        )
    return value


def readme_table() -> str:
    """README's table of variables, one row each, in the order the settings modules read them."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    rows += [f"| `{v.name}` | {v.default} | {v.meaning} |" for v in DECLARED.values()]
    return "\n".join(rows)
