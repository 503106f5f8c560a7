"""Sending an `on_*` answer to the buyer app: signed with the shop's key, ACK expected back."""

import json

import requests
from django.conf import settings

from ondc.signing import authorization_header


class NotTaken(Exception):
    """The buyer app was unreachable, slow, or did not answer ACK: try again later."""


def wire_bytes(payload: dict) -> bytes:
    """The bytes sent (and signed): compact JSON, UTF-8 (Telugu names stay readable)."""
    return json.dumps(payload, separators=(",", ":"), ensure_ascii=False).encode()


def signed_post(*, url: str, payload: dict) -> None:
    body = wire_bytes(payload)
    header = authorization_header(
        body=body,
        subscriber_id=settings.ONDC_SUBSCRIBER_ID,
        unique_key_id=settings.ONDC_UNIQUE_KEY_ID,
        private_key=settings.ONDC_SIGNING_PRIVATE_KEY,
    )
    try:
        response = requests.post(
            url,
            data=body,
            headers={"Authorization": header, "Content-Type": "application/json"},
            timeout=settings.ONDC_SEND_TIMEOUT_SECONDS,
            allow_redirects=False,
        )
        answer = response.json() if response.content else {}
    except (requests.RequestException, ValueError) as error:
        raise NotTaken(str(error)[:300]) from None
    status = (answer.get("message") or {}).get("ack", {}).get("status") if isinstance(answer, dict) else None
    if response.status_code != 200 or status != "ACK":
        raise NotTaken(f"HTTP {response.status_code}, {status or 'no ack'}")
