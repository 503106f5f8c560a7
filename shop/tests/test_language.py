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
