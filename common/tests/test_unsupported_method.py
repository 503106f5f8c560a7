"""An API path answers a method it has no handler for with 405 and `Allow`, whoever asks
(common.middleware.UnsupportedMethodMiddleware)."""

import pytest
from django.utils import translation

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", ["TRACE", "PATCH", "PROPFIND"])
@pytest.mark.parametrize("who", ["anonymous", "customer", "admin"])
def test_a_method_the_view_has_no_handler_for_is_405_before_the_permission_check(
    as_user, customer, admin_user, who, method
):
    """Found by schemathesis: `TRACE /api/users` answered 401 to a visitor and 403 to a customer."""
    user = {"anonymous": None, "customer": customer, "admin": admin_user}[who]
    response = as_user(user).generic(method, "/api/users")
    assert response.status_code == 405
    assert response["Allow"] == "GET, POST, HEAD, OPTIONS"
    assert response.json() == {"message": f'Method "{method}" not allowed.'}


def test_a_method_the_view_has_is_still_judged_by_its_permissions(as_user, customer):
    assert as_user(None).get("/api/users").status_code == 401
    assert as_user(customer).get("/api/users").status_code == 403
    assert as_user(customer).head("/api/users/profile").status_code == 200


def test_the_405_is_as_drf_answers_it_where_nothing_is_checked_first(api_client):
    response = api_client.generic("TRACE", "/api/ping")
    assert response.status_code == 405
    assert response["Allow"] == "GET, HEAD, OPTIONS"
    assert response.json() == {"message": 'Method "TRACE" not allowed.'}
    with translation.override("en"):  # the request activates Telugu in this thread; not past this test
        in_telugu = api_client.generic("TRACE", "/api/ping", HTTP_ACCEPT_LANGUAGE="te")
    assert in_telugu.json()["message"] != 'Method "TRACE" not allowed.'
    assert in_telugu["Content-Language"] == "te"


@pytest.mark.django_db
def test_a_body_nested_deeper_than_the_parser_goes_is_a_quiet_400(client, caplog):
    """Issue 33.9: [[[[...]]]] 30,000 deep raised RecursionError: a 500 with a traceback."""
    response = client.post("/api/users/auth", "[" * 30000 + "]" * 30000, content_type="application/json")
    assert (response.status_code, response.json()) == (400, {"message": "Malformed request."})
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
