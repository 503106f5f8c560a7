"""Who is calling: the request's signatures checked against the registry's keys.

The `Authorization` header is the sender's (a buyer app); a search the gateway forwards carries
the gateway's `X-Gateway-Authorization` too, and then both must hold. A signature is accepted
once: it is remembered (in the shared cache, until it expires) so that a captured request sent
again is refused, and the door also refuses a message id it has already taken (`models`).
"""

import hashlib
import time
from dataclasses import dataclass

from django.core.cache import cache

from ondc import registry
from ondc.signing import CLOCK_SKEW_SECONDS, BadSignature, SignatureHeader, header_check, header_parse

AUTHORIZATION = "Authorization"
GATEWAY_AUTHORIZATION = "X-Gateway-Authorization"


class Unverified(Exception):
    """The caller could not be verified: NACK 401 (`retry` False) or 503 (`retry` True: the registry is down)."""

    def __init__(self, message: str, *, retry: bool = False):
        super().__init__(message)
        self.retry = retry


@dataclass(frozen=True)
class Caller:
    subscriber_id: str
    gateway_id: str = ""


def _checked(value: str | None, body: bytes) -> tuple[str, SignatureHeader]:
    """(subscriber id, header) of a header that signs `body` with the subscriber's registered key."""
    try:
        header = header_parse(value)
        public_key = registry.signing_key(subscriber_id=header.subscriber_id, unique_key_id=header.unique_key_id)
        header_check(header, body=body, public_key=public_key)
    except BadSignature as error:
        raise Unverified(str(error)) from None
    except registry.UnknownKey:
        raise Unverified("the registry lists no such key") from None
    except registry.RegistryUnavailable:
        raise Unverified("the registry could not be reached; retry", retry=True) from None
    return header.subscriber_id, header


def _first_use(header: SignatureHeader) -> bool:
    digest = hashlib.sha256(header.signature.encode()).hexdigest()
    lifetime = max(int(header.expires - time.time()) + CLOCK_SKEW_SECONDS, 1)
    return cache.add(f"ondc:signature:{digest}", 1, timeout=lifetime)


def caller_verify(*, headers, body: bytes) -> Caller:
    subscriber_id, header = _checked(headers.get(AUTHORIZATION), body)
    gateway_id = ""
    if headers.get(GATEWAY_AUTHORIZATION) is not None:
        gateway_id, gateway_header = _checked(headers.get(GATEWAY_AUTHORIZATION), body)
        if not _first_use(gateway_header):
            raise Unverified("this gateway signature was already used")
    elif not _first_use(header):
        raise Unverified("this signature was already used")
    return Caller(subscriber_id=subscriber_id, gateway_id=gateway_id)
