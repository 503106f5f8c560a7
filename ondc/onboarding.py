"""Onboarding with the ONDC registry: the site-verification page and the `/on_subscribe` challenge.

When the shop subscribes (README, "Selling on ONDC"), the registry
1. reads `https://<subscriber id>/ondc-site-verification.html`, whose meta tag carries the
   subscribe request's id signed with the shop's ed25519 signing key (`site_verification_signature`);
2. posts `/ondc/on_subscribe` with a challenge encrypted for the shop: AES-256-ECB (PKCS#7 padding)
   under the X25519 shared secret of the shop's encryption key and the registry's; the shop
   answers the plain challenge (`challenge_answer`), which proves it holds the key it registered.
Keys are DER, base64, as the registry's own tools write them (`manage.py ondc_keys`).
"""

import base64
import binascii

from cryptography.hazmat.primitives import padding, serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from ondc.signing import signature_of


class BadChallenge(Exception):
    """The challenge is not one the shop's key can open."""


def encryption_key_pair_new() -> tuple[str, str]:
    """(private, public) X25519 keys, base64 DER (PKCS#8 and SubjectPublicKeyInfo)."""
    key = X25519PrivateKey.generate()
    private = key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    public = key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(private).decode(), base64.b64encode(public).decode()


def _shared_key(private_key_b64: str, public_key_b64: str) -> bytes:
    try:
        private = serialization.load_der_private_key(base64.b64decode(private_key_b64), password=None)
        public = serialization.load_der_public_key(base64.b64decode(public_key_b64))
    except (binascii.Error, ValueError) as error:
        raise BadChallenge(f"an encryption key is not base64 DER: {error}") from None
    if not isinstance(private, X25519PrivateKey) or not isinstance(public, X25519PublicKey):
        raise BadChallenge("the encryption keys must be X25519")
    return private.exchange(public)


def challenge_seal(plain: str, *, private_key: str, public_key: str) -> str:
    """What the registry does (for the tests' registry): encrypt `plain` for the other side."""
    padder = padding.PKCS7(128).padder()
    data = padder.update(plain.encode()) + padder.finalize()
    encryptor = Cipher(algorithms.AES(_shared_key(private_key, public_key)), modes.ECB()).encryptor()  # noqa: S305 (ONDC's scheme)
    return base64.b64encode(encryptor.update(data) + encryptor.finalize()).decode()


def challenge_answer(challenge: str, *, private_key: str, registry_public_key: str) -> str:
    try:
        sealed = base64.b64decode(challenge, validate=True)
    except (binascii.Error, ValueError):
        raise BadChallenge("the challenge is not base64") from None
    if not sealed or len(sealed) % 16:
        raise BadChallenge("the challenge is not a whole number of AES blocks")
    decryptor = Cipher(algorithms.AES(_shared_key(private_key, registry_public_key)), modes.ECB()).decryptor()  # noqa: S305
    data = decryptor.update(sealed) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    try:
        plain = unpadder.update(data) + unpadder.finalize()
        return plain.decode()
    except (ValueError, UnicodeDecodeError):
        raise BadChallenge("the challenge was not sealed for this shop's key") from None


def site_verification_signature(*, request_id: str, signing_private_key: str) -> str:
    """The subscribe request's id signed (ed25519, no hashing first), base64, for the meta tag."""
    return signature_of(request_id.encode(), private_key=signing_private_key)
