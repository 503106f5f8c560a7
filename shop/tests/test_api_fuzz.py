"""Schemathesis against the published OpenAPI schema (/api/schema/), as an anonymous visitor, a
customer and an admin, on the demo catalog: no operation answers a server error, and every answer's
status, headers, content type and body are what the schema declares for it.

Bounded: a few examples per operation and role, about a minute each on the CI machine (the `fuzz`
step of scripts/test). The admin goes last, as it may delete what the others use. Each finding
became a regression test beside the code it concerns (`shop/tests/test_openapi_answers.py`...).
Findings of the stricter checks that remain, where the schema is looser than the server's business
rules, are listed in the README's API section.
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
CHECKS = ",".join(
    [
        "not_a_server_error",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "response_schema_conformance",
    ]
)
ROLES = {"anonymous": None, "customer": ("9000000002", "customer12345"), "admin": ("9000000001", "admin12345")}
EXAMPLES_PER_OPERATION = os.environ.get("FUZZ_EXAMPLES", "6")


def _token(phone_no: str, password: str) -> str:
    from rest_framework.test import APIClient

    login = APIClient().post("/api/users/auth", {"phoneNo": phone_no, "password": password}, format="json")
    return login.json()["token"]


@pytest.mark.skipif(shutil.which(str(ST)) is None, reason="needs schemathesis (requirements.txt)")
@pytest.mark.parametrize("role", list(ROLES))
def test_the_api_fuzzed_from_its_schema_gives_no_server_error_and_no_undeclared_answer(asgi_server, tmp_path, role):
    call_command("seed_demo", stdout=io.StringIO())
    headers = ["-H", f"Authorization: Bearer {_token(*ROLES[role])}"] if ROLES[role] else []
    result = subprocess.run(
        [str(ST), "run", f"{asgi_server}/api/schema/", *headers]
        + ["--checks", CHECKS, "--max-examples", EXAMPLES_PER_OPERATION, "--workers", "1"]
        + ["--phases", "examples,coverage,fuzzing", "--generation-deterministic", "--no-color"]
        + ["--exclude-path", "/api/users/logout"]  # would end the token the run signs in with
        + ["--request-timeout", "10"],
        cwd=tmp_path,
        env={**os.environ, "SCHEMATHESIS_HOOKS": ""},
        capture_output=True,
        text=True,
        timeout=300,
    )
    summary = result.stdout[result.stdout.find("FAILURES") :] if "FAILURES" in result.stdout else result.stdout[-3000:]
    assert result.returncode == 0, summary[-12000:] + result.stderr[-2000:]
    assert settings.DEBUG is False
