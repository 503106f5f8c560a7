"""Callers' public keys, from the ONDC registry's `/lookup` (`settings.ONDC_REGISTRY_URL`).

A key found is kept in the shared cache for `ONDC_KEY_CACHE_SECONDS` (every web process reads the
same entry; a key the registry rotates is picked up within that bound). A subscriber the registry
does not know is remembered for a minute, so a flood of forged key ids does not become a flood of
lookups. Each process also keeps a key it read for `PROCESS_KEY_SECONDS` (at most the shared
cache's bound), so the door's ACK does not wait on the shared cache for every request of a buyer
app it has just heard from (bench/ondc.py). A registry that is down or slow (past `ONDC_REGISTRY_TIMEOUT_SECONDS`) is
`RegistryUnavailable`: the request is answered NACK at once and the caller retries later, never
left hanging on the registry.
"""

import hashlib
import logging
import time
from datetime import UTC, datetime

import requests
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone
from django.utils.dateparse import parse_datetime

logger = logging.getLogger(__name__)

UNKNOWN = ""  # cached for a subscriber the registry does not list
UNKNOWN_SECONDS = 60
PROCESS_KEY_SECONDS = 60
PROCESS_KEYS_KEPT = 1_000  # buyer apps and gateways; past this the process's copies are dropped

_process_keys: dict[str, tuple[str, float]] = {}  # cache key -> (public key, until: monotonic seconds)


class RegistryUnavailable(Exception):
    """The registry did not answer usably in time."""


class UnknownKey(Exception):
    """The registry lists no live signing key for this subscriber and key id."""


def _cache_key(subscriber_id: str, unique_key_id: str) -> str:
    digest = hashlib.sha256(f"{subscriber_id}|{unique_key_id}".encode()).hexdigest()
    return f"ondc:key:{digest}"


def _live(entry: dict, now: datetime) -> bool:
    until = parse_datetime(str(entry.get("valid_until") or ""))
    if until is not None and timezone.is_naive(until):
        until = timezone.make_aware(until, UTC)
    status = str(entry.get("status") or "SUBSCRIBED").upper()
    return status in {"SUBSCRIBED", "INITIATED", "UNDER_SUBSCRIPTION"} and (until is None or until > now)


def _lookup(subscriber_id: str, unique_key_id: str) -> str:
    try:
        response = requests.post(
            settings.ONDC_REGISTRY_URL.rstrip("/") + "/lookup",
            json={"subscriber_id": subscriber_id, "ukId": unique_key_id},
            timeout=settings.ONDC_REGISTRY_TIMEOUT_SECONDS,
        )
        response.raise_for_status()
        entries = response.json()
    except (requests.RequestException, ValueError) as error:
        logger.warning("ONDC registry lookup of %s failed: %s", subscriber_id, error)
        raise RegistryUnavailable(str(error)) from None
    if not isinstance(entries, list):
        raise RegistryUnavailable("the registry's answer is not a list")
    now = timezone.now()
    for entry in entries:
        if (
            isinstance(entry, dict)
            and entry.get("subscriber_id") == subscriber_id
            and str(entry.get("ukId", entry.get("unique_key_id", ""))) == unique_key_id
            and entry.get("signing_public_key")
            and _live(entry, now)
        ):
            return str(entry["signing_public_key"])
    return UNKNOWN


def signing_key(*, subscriber_id: str, unique_key_id: str) -> str:
    """The subscriber's base64 ed25519 public key; UnknownKey or RegistryUnavailable otherwise."""
    key = _cache_key(subscriber_id, unique_key_id)
    kept = _process_keys.get(key)
    if kept is not None and kept[1] > time.monotonic():
        return kept[0]
    found = cache.get(key)
    if found is None:
        found = _lookup(subscriber_id, unique_key_id)
        cache.set(key, found, timeout=settings.ONDC_KEY_CACHE_SECONDS if found else UNKNOWN_SECONDS)
    if found == UNKNOWN:
        raise UnknownKey(f"{subscriber_id}|{unique_key_id}")
    if len(_process_keys) >= PROCESS_KEYS_KEPT:
        _process_keys.clear()
    _process_keys[key] = (found, time.monotonic() + min(PROCESS_KEY_SECONDS, settings.ONDC_KEY_CACHE_SECONDS))
    return found


def process_keys_forget() -> None:
    """Drop this process's copies of the keys (a test that registers new keys under old names)."""
    _process_keys.clear()
