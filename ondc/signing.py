"""Signing and checking the network's messages, as ONDC's `registry/signing-verification.md` specifies.

Every request and callback on the network carries an `Authorization` header (a gateway forwarding a
search adds its own `X-Gateway-Authorization`, in the same form):

    Signature keyId="{subscriber_id}|{unique_key_id}|ed25519",algorithm="ed25519",created="{created}",
    expires="{expires}",headers="(created) (expires) digest",signature="{base64 ed25519 signature}"

The signature is over the signing string

    (created): {created}
    (expires): {expires}
    digest: BLAKE-512={base64 BLAKE2b-512 of the body}

and the digest is of the body's bytes exactly as they travel (a receiver that parsed and re-dumped
the JSON would hash other bytes). Keys are base64: a public key is ed25519's 32 bytes, a private
key its 32-byte seed or libsodium's 64 bytes (seed, then public key), as the registry's own tools
write it.
"""

import base64
import binascii
import hashlib
import re
import time
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

ALGORITHM = "ed25519"
SIGNED_HEADERS = "(created) (expires) digest"
# How long a signature we make stays valid, and how far a caller's clock may run ahead of ours.
SIGNATURE_LIFETIME_SECONDS = 300
CLOCK_SKEW_SECONDS = 30
# The longest validity a caller may give its signature (beyond it a captured request replays too long).
LONGEST_VALIDITY_SECONDS = 3600

_PARAMETER = re.compile(r'\s*(\w+)\s*=\s*"([^"]*)"\s*(?:,|$)')


class BadSignature(Exception):
    """The header is missing, malformed, out of its time window, or does not match the body."""


@dataclass(frozen=True)
class SignatureHeader:
    subscriber_id: str
    unique_key_id: str
    created: int
    expires: int
    signature: str


def body_digest(body: bytes) -> str:
    return base64.b64encode(hashlib.blake2b(body, digest_size=64).digest()).decode()


def signing_string(*, created: int, expires: int, digest: str) -> str:
    return f"(created): {created}\n(expires): {expires}\ndigest: BLAKE-512={digest}"


def _private_key(private_key_b64: str) -> Ed25519PrivateKey:
    try:
        raw = base64.b64decode(private_key_b64, validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the ONDC signing key is not base64") from None
    if len(raw) not in (32, 64):
        raise ValueError("the ONDC signing key must be 32 bytes (seed) or 64 bytes (seed and public key)")
    return Ed25519PrivateKey.from_private_bytes(raw[:32])


def signature_of(data: bytes, *, private_key: str) -> str:
    """`data` signed with the ed25519 key (no hashing first), base64."""
    return base64.b64encode(_private_key(private_key).sign(data)).decode()


def public_key_of(private_key_b64: str) -> str:
    public = _private_key(private_key_b64).public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return base64.b64encode(public).decode()


def key_pair_new() -> tuple[str, str]:
    """(private, public), base64: the private key as libsodium's 64 bytes, as the registry's tools read it."""
    key = Ed25519PrivateKey.generate()
    seed = key.private_bytes_raw()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    return base64.b64encode(seed + public).decode(), base64.b64encode(public).decode()


def authorization_header(
    *,
    body: bytes,
    subscriber_id: str,
    unique_key_id: str,
    private_key: str,
    created: int | None = None,
    expires: int | None = None,
) -> str:
    created = int(time.time()) if created is None else created
    expires = created + SIGNATURE_LIFETIME_SECONDS if expires is None else expires
    text = signing_string(created=created, expires=expires, digest=body_digest(body))
    signature = signature_of(text.encode(), private_key=private_key)
    return (
        f'Signature keyId="{subscriber_id}|{unique_key_id}|{ALGORITHM}",algorithm="{ALGORITHM}",'
        f'created="{created}",expires="{expires}",headers="{SIGNED_HEADERS}",signature="{signature}"'
    )


def header_parse(value: str | None) -> SignatureHeader:
    if not value or not value.startswith("Signature "):
        raise BadSignature("no signature")
    rest, parameters = value[len("Signature ") :], {}
    while rest.strip():
        match = _PARAMETER.match(rest)
        if match is None:
            raise BadSignature("the signature header is malformed")
        parameters[match.group(1)] = match.group(2)
        rest = rest[match.end() :]
    key_id = parameters.get("keyId", "").split("|")
    if len(key_id) != 3 or not key_id[0] or not key_id[1] or key_id[2] != ALGORITHM:
        raise BadSignature("keyId must be subscriber_id|unique_key_id|ed25519")
    if parameters.get("algorithm", ALGORITHM) != ALGORITHM:
        raise BadSignature("the algorithm must be ed25519")
    if parameters.get("headers", SIGNED_HEADERS) != SIGNED_HEADERS:
        raise BadSignature(f'the signed headers must be "{SIGNED_HEADERS}"')
    try:
        created, expires = int(parameters["created"]), int(parameters["expires"])
        signature = parameters["signature"]
    except (KeyError, ValueError):
        raise BadSignature("created, expires and signature are required") from None
    return SignatureHeader(
        subscriber_id=key_id[0], unique_key_id=key_id[1], created=created, expires=expires, signature=signature
    )


def header_check(header: SignatureHeader, *, body: bytes, public_key: str, now: float | None = None) -> None:
    """Raise BadSignature unless the header is within its time window and signs exactly `body`."""
    now = time.time() if now is None else now
    if header.created > now + CLOCK_SKEW_SECONDS:
        raise BadSignature("the signature is created in the future")
    if header.expires < now - CLOCK_SKEW_SECONDS:
        raise BadSignature("the signature has expired")
    if header.expires < header.created or header.expires - header.created > LONGEST_VALIDITY_SECONDS:
        raise BadSignature("the signature's validity window is wrong")
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key, validate=True))
        signature = base64.b64decode(header.signature, validate=True)
    except (binascii.Error, ValueError):
        raise BadSignature("the key or signature is not valid base64") from None
    text = signing_string(created=header.created, expires=header.expires, digest=body_digest(body))
    try:
        key.verify(signature, text.encode())
    except InvalidSignature:
        raise BadSignature("the signature does not match the body") from None
