"""Schemathesis against the published OpenAPI schema (/api/schema/), as an anonymous visitor, a
customer and an admin, on the demo catalog, with every check schemathesis has (`--checks all`): no
operation answers a server error; every answer's status, headers, content type and body are what
the schema declares; what the schema allows is accepted and what it forbids is refused (the
request schemas state the shop's rules: `common/openapi.py`'s JudgedInput); a method an operation
does not have answers 405 with `Allow`; a missing Bearer token is refused.

`shop/tests/schemathesis.toml` lists the few operations that may also answer 400 to a request
the schema allows, each with the rule only the shop's data can judge (a common password, the
code texted, an address the shop delivers to...), and keeps the NUL character out of generated
text (every text field refuses it; the schema does not say so on each string). Three checks
judge what the stateful phase links together (use_after_free, ensure_resource_availability,
object_level_authorization) and have nothing to judge here: the stateful phase is left out, as the
schema declares no links and its chains would not fit the step's few minutes; the permission
matrix (`shop/tests/test_permission_matrix.py`) covers who may see whose data.

Bounded: a few examples per operation and role (the `fuzz` step of scripts/test). The coverage
phase (every boundary value of every field, every method a path lacks) runs once, as the admin:
it made 5,709 of a role's 6,597 requests (2026-12-04, 157 operations), and the admin reaches every
operation's validation, the public ones' included, while for the other two roles it mostly repeats
the same 401 and 403 on every boundary value. The anonymous visitor and the customer run the
examples and fuzzing phases, the part that differs by who asks. The admin goes last, as it may delete what the others use; the
profile update goes last in each role's run, as a new password ends the run's token (checked). Each
finding became a regression test beside the code it concerns (`shop/tests/test_openapi_answers.py`,
`common/tests/test_unsupported_method.py`, `accounts/tests/test_fuzz_findings.py`...).
"""

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

pytestmark = [
    pytest.mark.fuzz,
    pytest.mark.django_db(transaction=True),
    pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators"),
]

ST = Path(sys.executable).parent / "st"
CONFIG = Path(__file__).with_name("schemathesis.toml")
ROLES = {"anonymous": None, "customer": ("9000000002", "customer12345"), "admin": ("9000000001", "admin12345")}
EXAMPLES_PER_OPERATION = os.environ.get("FUZZ_EXAMPLES", "6")


def _token(phone_no: str, password: str) -> str:
    from rest_framework.test import APIClient

    login = APIClient().post("/api/users/auth", {"phoneNo": phone_no, "password": password}, format="json")
    return login.json()["token"]


# A profile update may set a new password, which ends every older token (the run's too): it runs
# last, on its own, so the rest of the run stays signed in.
TOKEN_ENDING = "PUT /api/users/profile"


# The phases each role runs (see the module's docstring for why coverage runs once).
PHASES = {"anonymous": "examples,fuzzing", "customer": "examples,fuzzing", "admin": "examples,coverage,fuzzing"}


def _schemathesis(base_url: str, headers: list[str], selection: list[str], cwd, *, phases: str) -> None:
    result = subprocess.run(
        [str(ST), "--config-file", str(CONFIG), "run", f"{base_url}/api/schema/", *headers, *selection]
        + ["--checks", "all", "--continue-on-failure", "--max-examples", EXAMPLES_PER_OPERATION, "--workers", "1"]
        + ["--phases", phases, "--generation-deterministic", "--no-color"]
        + ["--exclude-path", "/api/users/logout"]  # would end the token the run signs in with
        + ["--request-timeout", "10"],
        cwd=cwd,
        env={**os.environ, "SCHEMATHESIS_HOOKS": ""},
        capture_output=True,
        text=True,
        timeout=900,  # a role's run took up to ~250 s on CI's busy 2 cores (2026-12-03); 300 was too close
    )
    summary = result.stdout[result.stdout.find("FAILURES") :] if "FAILURES" in result.stdout else result.stdout[-3000:]
    assert result.returncode == 0, summary[-12000:] + result.stderr[-2000:]


def _signed_in(token: str) -> bool:
    from rest_framework.test import APIClient

    return APIClient().get("/api/users/profile", HTTP_AUTHORIZATION=f"Bearer {token}").status_code == 200


@pytest.mark.skipif(shutil.which(str(ST)) is None, reason="needs schemathesis (requirements.txt)")
@pytest.mark.parametrize("role", list(ROLES))
def test_the_api_fuzzed_from_its_schema_gives_no_server_error_and_no_undeclared_answer(asgi_server, tmp_path, role):
    call_command("seed_demo", stdout=io.StringIO())
    token = _token(*ROLES[role]) if ROLES[role] else None
    headers = ["-H", f"Authorization: Bearer {token}"] if token else []
    _schemathesis(asgi_server, headers, ["--exclude-name", TOKEN_ENDING], tmp_path, phases=PHASES[role])
    assert token is None or _signed_in(token), "the run's token stopped working before its end"
    _schemathesis(asgi_server, headers, ["--include-name", TOKEN_ENDING], tmp_path, phases=PHASES[role])
    assert settings.DEBUG is False
