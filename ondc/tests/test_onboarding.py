"""Onboarding: the registry's challenge opened with the shop's X25519 key, the request id signed."""

import base64

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.test import Client

from ondc.onboarding import challenge_seal, encryption_key_pair_new
from ondc.signing import key_pair_new


@pytest.fixture
def keys(settings):
    shop_private, shop_public = encryption_key_pair_new()
    registry_private, registry_public = encryption_key_pair_new()
    signing_private, signing_public = key_pair_new()
    settings.ONDC_ENABLED = True
    settings.ONDC_ENCRYPTION_PRIVATE_KEY = shop_private
    settings.ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY = registry_public
    settings.ONDC_SIGNING_PRIVATE_KEY = signing_private
    settings.ONDC_REQUEST_ID = "0102552d-98dc-49de-b6f1-e378bbe2c65d"
    return {"shop_public": shop_public, "registry_private": registry_private, "signing_public": signing_public}


def test_the_registrys_challenge_is_answered_in_plain(keys):
    challenge = challenge_seal(
        "ondc-challenge-7f3a", private_key=keys["registry_private"], public_key=keys["shop_public"]
    )

    response = Client().post(
        "/ondc/on_subscribe", {"subscriber_id": "shop.example.in", "challenge": challenge}, "application/json"
    )

    assert response.status_code == 200 and response.json() == {"answer": "ondc-challenge-7f3a"}


def test_a_challenge_sealed_for_another_key_is_refused_400(keys):
    _, stranger_public = encryption_key_pair_new()
    challenge = challenge_seal("secret", private_key=keys["registry_private"], public_key=stranger_public)

    response = Client().post("/ondc/on_subscribe", {"challenge": challenge}, "application/json")

    assert response.status_code == 400 and "answer" not in response.json()


@pytest.mark.parametrize(
    "body", [b"not json", b"{}", b'{"challenge": 7}', b'{"challenge": "%%%"}', b'{"challenge": "QUJD"}']
)
def test_a_malformed_challenge_is_a_clear_400(keys, body):
    response = Client().post("/ondc/on_subscribe", body, content_type="application/json")

    assert response.status_code == 400 and response.json()["error"]


def test_the_site_verification_page_carries_the_request_id_signed(keys):
    response = Client().get("/ondc-site-verification.html")

    assert response.status_code == 200
    page = response.content.decode()
    signed = page.split("content='")[1].split("'")[0]
    public = Ed25519PublicKey.from_public_bytes(base64.b64decode(keys["signing_public"]))
    public.verify(base64.b64decode(signed), b"0102552d-98dc-49de-b6f1-e378bbe2c65d")  # raises if not


def test_with_ondc_off_both_are_404(keys, settings):
    settings.ONDC_ENABLED = False

    assert Client().get("/ondc-site-verification.html").status_code == 404
    assert Client().post("/ondc/on_subscribe", {"challenge": "QUJD"}, "application/json").status_code == 404
