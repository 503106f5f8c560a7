"""The splash shows once per visit, decided on the server (shop/splash.py): no script in the page."""

import pytest

from shop.splash import SPLASH_COOKIE

SPLASH = 'id="splash"'


@pytest.mark.django_db
def test_the_first_page_of_a_visit_shows_the_splash_and_sets_a_browser_session_cookie(client):
    response = client.get("/")
    assert SPLASH in response.content.decode()
    cookie = response.cookies[SPLASH_COOKIE]
    # No expiry: the browser forgets it when the visit ends, so the next visit shows the splash again.
    assert cookie["expires"] == "" and cookie["max-age"] == ""
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert "sessionStorage" not in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/cart", "/category/all", "/terms.html"])
def test_later_pages_of_the_visit_leave_the_splash_out(client, path):
    client.get("/")
    response = client.get(path)
    assert response.status_code == 200
    assert SPLASH not in response.content.decode()
    assert SPLASH_COOKIE not in response.cookies


@pytest.mark.django_db
def test_an_answer_without_the_splash_does_not_use_up_the_visits_splash(client):
    assert SPLASH_COOKIE not in client.get("/api/config").cookies
    assert SPLASH_COOKIE not in client.get("/static/nope.js").cookies
    assert SPLASH in client.get("/login").content.decode()
