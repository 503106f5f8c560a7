"""The language of the pages and answers: the `django_language` cookie, then Accept-Language;
`<html lang>` says which; Django admin stays English."""

import pytest
from django.conf import settings

pytestmark = pytest.mark.django_db


def test_a_page_is_english_by_default(client):
    response = client.get("/")
    assert b'<html lang="en">' in response.content
    assert response["Content-Language"] == "en"


def test_the_cookie_chooses_telugu(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = client.get("/cart")
    assert b'<html lang="te">' in response.content
    assert response["Content-Language"] == "te"


def test_the_browser_language_chooses_when_there_is_no_cookie(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="te-IN,te;q=0.9,en;q=0.5")
    assert b'<html lang="te">' in response.content
    assert "Accept-Language" in response["Vary"]


def test_the_cookie_wins_over_the_browser_language(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="te")
    assert b'<html lang="en">' in response.content


def test_an_unknown_language_falls_back_to_english(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="fr")
    assert b'<html lang="en">' in response.content


def test_django_admin_stays_english_for_telugu_staff(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = client.get("/staff/login/")
    assert response.status_code == 200
    assert response["Content-Language"] == "en"
    assert b'lang="en"' in response.content
    assert b"Log in" in response.content


# A request's language is the request's own: the thread (a WSGI worker, the test client's thread)
# speaks what it spoke before once the answer is made (issue 30: later tests ran in Telugu).


@pytest.mark.parametrize("chosen_by", ["cookie", "browser"])
def test_a_telugu_request_leaves_the_thread_in_the_language_it_found(client, chosen_by):
    from django.utils import translation

    if chosen_by == "cookie":
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    with translation.override("en"):
        response = client.get("/cart", HTTP_ACCEPT_LANGUAGE="te" if chosen_by == "browser" else "")
        assert response["Content-Language"] == "te"
        assert translation.get_language() == "en"
    with translation.override("te"):  # and a Telugu thread stays Telugu after an English request
        assert client.get("/staff/login/")["Content-Language"] == "en"
        assert translation.get_language() == "te"


def test_an_api_error_answered_in_telugu_leaves_the_thread_in_english(client):
    from django.utils import translation

    translation.activate("en")
    response = client.get("/api/orders/no-such-order", HTTP_ACCEPT_LANGUAGE="te")
    assert response.status_code in (401, 404) and response["Content-Language"] == "te"
    assert translation.get_language() == "en"


def test_a_request_after_deactivate_all_leaves_no_language_active(client):
    from django.utils import translation

    translation.deactivate_all()
    client.get("/cart", HTTP_ACCEPT_LANGUAGE="te")
    assert translation.get_language() is None


async def test_an_async_telugu_request_leaves_the_language_it_found(async_client):
    from django.utils import translation

    translation.activate("en")
    response = await async_client.get("/cart", headers={"accept-language": "te"})
    assert response["Content-Language"] == "te"
    assert b'<html lang="te">' in response.content
    assert translation.get_language() == "en"
