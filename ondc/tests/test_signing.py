"""The Authorization header made and checked as ONDC's signing-verification.md specifies."""

import base64
import hashlib
import time

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from ondc.signing import (
    BadSignature,
    authorization_header,
    body_digest,
    header_check,
    header_parse,
    key_pair_new,
    public_key_of,
    signing_string,
)

BODY = b'{"context":{"action":"search"},"message":{}}'


def test_the_digest_is_base64_blake2b_512_of_the_bytes():
    assert body_digest(BODY) == base64.b64encode(hashlib.blake2b(BODY, digest_size=64).digest()).decode()
    assert len(base64.b64decode(body_digest(BODY))) == 64


def test_the_header_names_the_key_and_signs_created_expires_and_digest():
    private_key, public_key = key_pair_new()
    header = authorization_header(
        body=BODY, subscriber_id="shop.in", unique_key_id="k1", private_key=private_key, created=1000, expires=1300
    )
    assert header.startswith('Signature keyId="shop.in|k1|ed25519",algorithm="ed25519",created="1000",expires="1300",')
    assert 'headers="(created) (expires) digest"' in header
    parsed = header_parse(header)
    assert (parsed.subscriber_id, parsed.unique_key_id, parsed.created, parsed.expires) == ("shop.in", "k1", 1000, 1300)
    text = f"(created): 1000\n(expires): 1300\ndigest: BLAKE-512={body_digest(BODY)}"
    assert signing_string(created=1000, expires=1300, digest=body_digest(BODY)) == text
    # Any ed25519 verifier accepts it over that text: nothing of ours in between.
    Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key)).verify(
        base64.b64decode(parsed.signature), text.encode()
    )
    header_check(parsed, body=BODY, public_key=public_key, now=1100)


def test_a_libsodium_64_byte_key_and_its_32_byte_seed_sign_alike():
    private_key, public_key = key_pair_new()
    seed = base64.b64encode(base64.b64decode(private_key)[:32]).decode()
    assert public_key_of(private_key) == public_key_of(seed) == public_key


@pytest.mark.parametrize(
    ("body", "now", "problem"),
    [
        (BODY + b" ", 1100, "does not match"),
        (BODY, 1400, "expired"),
        (BODY, 900, "future"),
    ],
    ids=["tampered body", "expired", "not yet valid"],
)
def test_a_tampered_expired_or_early_signature_is_refused(body, now, problem):
    private_key, public_key = key_pair_new()
    header = authorization_header(
        body=BODY, subscriber_id="shop.in", unique_key_id="k1", private_key=private_key, created=1000, expires=1300
    )
    with pytest.raises(BadSignature, match=problem):
        header_check(header_parse(header), body=body, public_key=public_key, now=now)


def test_another_key_does_not_verify():
    private_key, _ = key_pair_new()
    _, someone_else = key_pair_new()
    header = authorization_header(body=BODY, subscriber_id="shop.in", unique_key_id="k1", private_key=private_key)
    with pytest.raises(BadSignature, match="does not match"):
        header_check(header_parse(header), body=BODY, public_key=someone_else, now=time.time())


@pytest.mark.parametrize(
    "header",
    [
        None,
        "",
        "Bearer abc",
        'Signature keyId="shop.in|k1",created="1",expires="2",signature="x"',
        'Signature keyId="shop.in|k1|rsa",created="1",expires="2",signature="x"',
        'Signature keyId="shop.in|k1|ed25519",created="soon",expires="2",signature="x"',
        'Signature keyId="shop.in|k1|ed25519",headers="digest",created="1",expires="2",signature="x"',
        'Signature keyId="shop.in|k1|ed25519" created',
    ],
)
def test_a_malformed_header_is_refused(header):
    with pytest.raises(BadSignature):
        header_parse(header)


def test_a_window_longer_than_an_hour_is_refused():
    private_key, public_key = key_pair_new()
    header = authorization_header(
        body=BODY, subscriber_id="s", unique_key_id="k", private_key=private_key, created=1000, expires=1000 + 7200
    )
    with pytest.raises(BadSignature, match="window"):
        header_check(header_parse(header), body=BODY, public_key=public_key, now=1100)
