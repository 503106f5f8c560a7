"""The network's door: signatures and context checked, ACK or NACK at once, the answer sent signed."""

import json
import socket
import time

import pytest
from django.test import Client

from accounts.services import user_role_set
from ondc.models import NetworkMessage
from ondc.tests.conftest import BAP_ID, beckn, send, subscriber

NACK = {"ack": {"status": "NACK"}}
ACK = {"message": {"ack": {"status": "ACK"}}}


def _nothing_taken():
    return not NetworkMessage.objects.exists()


def test_a_signed_search_is_acked_and_answered_signed_with_its_ids(network):
    payload = beckn(network, "search", {"intent": {"item": {"descriptor": {"name": "rice"}}}})

    response = send(network, "search", payload)

    assert response.status_code == 200 and response.json() == ACK
    [answer] = network.answers("on_search")
    assert answer.signed_by_shop
    context = answer.body["context"]
    assert context["action"] == "on_search"
    assert context["transaction_id"] == payload["context"]["transaction_id"]
    assert context["message_id"] == payload["context"]["message_id"]
    assert context["bpp_id"] == "shop.example.in" and context["bap_id"] == BAP_ID
    sent = NetworkMessage.objects.get(direction="sent")
    assert (sent.state, sent.attempts, sent.request.action) == ("delivered", 1, "search")


@pytest.mark.parametrize(
    "action",
    [
        "search",
        "select",
        "init",
        "confirm",
        "status",
        "track",
        "cancel",
        "update",
        "rating",
        "support",
        "issue",
        "issue_status",
    ],
)
def test_every_call_answers_its_on_call(network, action):
    response = send(network, action, beckn(network, action, {}))

    assert response.status_code == 200, response.json()
    [answer] = network.answers(f"on_{action}")
    assert answer.signed_by_shop and answer.body["context"]["action"] == f"on_{action}"


def test_a_tampered_body_is_refused_401_and_nothing_is_taken(network):
    payload = beckn(network, "search", {})
    raw = json.dumps(payload, separators=(",", ":")).encode()
    header = network.buyer.sign(raw)

    response = send(network, "search", payload, body=raw.replace(b"PT30S", b"PT29S"), headers={"Authorization": header})

    assert response.status_code == 401
    assert response.json()["message"] == NACK and response.json()["error"]["code"] == "10001"
    assert _nothing_taken() and network.received == []


def test_an_unsigned_request_is_refused(network):
    response = send(network, "search", beckn(network, "search", {}), headers={})

    assert response.status_code == 401 and _nothing_taken()


def test_an_expired_signature_is_refused(network):
    payload = beckn(network, "search", {})
    raw = json.dumps(payload, separators=(",", ":")).encode()
    old = int(time.time()) - 3600
    header = network.buyer.sign(raw, created=old, expires=old + 300)

    response = send(network, "search", payload, body=raw, headers={"Authorization": header})

    assert response.status_code == 401 and "expired" in response.json()["error"]["message"]
    assert _nothing_taken()


def test_a_key_the_registry_does_not_know_is_refused(network):
    stranger = subscriber(BAP_ID, "not-registered")

    response = send(network, "search", beckn(network, "search", {}), signer=stranger)

    assert response.status_code == 401 and _nothing_taken()


def test_a_registered_subscriber_signing_as_another_bap_is_refused(network):
    impostor = subscriber("impostor.example.in")
    network.register(impostor)

    response = send(network, "search", beckn(network, "search", {}), signer=impostor)

    assert response.status_code == 400 and "bap_id" in response.json()["error"]["message"]
    assert _nothing_taken()


def test_a_replayed_request_is_refused(network):
    payload = beckn(network, "search", {})
    raw = json.dumps(payload, separators=(",", ":")).encode()
    headers = {"Authorization": network.buyer.sign(raw)}
    assert send(network, "search", payload, body=raw, headers=headers).status_code == 200

    again = send(network, "search", payload, body=raw, headers=headers)

    assert again.status_code == 401 and "already used" in again.json()["error"]["message"]
    assert NetworkMessage.objects.filter(direction="received").count() == 1


def test_the_same_message_id_signed_again_is_refused(network):
    payload = beckn(network, "search", {})
    assert send(network, "search", payload).status_code == 200

    raw = json.dumps(payload, separators=(",", ":")).encode()
    resigned = {
        "Authorization": network.buyer.sign(raw, created=int(time.time()) - 7)
    }  # another signature (not the first's second)

    assert send(network, "search", payload, body=raw, headers=resigned).status_code == 409
    assert NetworkMessage.objects.filter(direction="received").count() == 1


def test_the_registry_is_asked_once_then_the_key_is_cached(network):
    for _ in range(3):
        assert send(network, "support", beckn(network, "support", {})).status_code == 200

    assert network.lookups == 1


def test_the_key_is_kept_in_the_process_so_the_ack_waits_on_no_shared_cache(network):
    from django.core.cache import cache

    from ondc.registry import process_keys_forget

    assert send(network, "support", beckn(network, "support", {})).status_code == 200
    cache.clear()  # the shared cache emptied (another process's view): this one still has the key
    assert send(network, "support", beckn(network, "support", {})).status_code == 200
    assert network.lookups == 1

    process_keys_forget()
    assert send(network, "support", beckn(network, "support", {})).status_code == 200
    assert network.lookups == 2


@pytest.mark.parametrize(("action", "waits_for_disk"), [("search", False), ("confirm", True), ("update", True)])
def test_only_a_search_is_committed_without_waiting_for_the_disk(network, action, waits_for_disk):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ran:
        assert send(network, action, beckn(network, action, {})).status_code == 200

    issued = any("synchronous_commit" in query["sql"] for query in ran.captured_queries)
    assert issued is (connection.vendor == "postgresql" and not waits_for_disk)


def test_a_registry_that_is_down_gets_a_nack_at_once(network):
    network.registry_down = True
    started = time.monotonic()

    response = send(network, "search", beckn(network, "search", {}))

    assert response.status_code == 503 and response.json()["message"] == NACK
    assert time.monotonic() - started < 2 and _nothing_taken()


def test_a_registry_that_does_not_answer_is_given_up_within_its_timeout(network, settings):
    with socket.socket() as silent:  # takes the connection, never answers
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        settings.ONDC_REGISTRY_URL = f"http://127.0.0.1:{silent.getsockname()[1]}"
        settings.ONDC_REGISTRY_TIMEOUT_SECONDS = 0.5
        started = time.monotonic()

        response = send(network, "search", beckn(network, "search", {}))

    assert response.status_code == 503 and time.monotonic() - started < 2
    assert _nothing_taken()


def test_the_gateways_signature_is_checked_too(network):
    payload = beckn(network, "search", {})
    raw = json.dumps(payload, separators=(",", ":")).encode()
    good = {"Authorization": network.buyer.sign(raw), "X-Gateway-Authorization": network.gateway.sign(raw)}
    assert send(network, "search", payload, body=raw, headers=good).status_code == 200

    payload = beckn(network, "search", {})
    raw = json.dumps(payload, separators=(",", ":")).encode()
    forged = {"Authorization": network.buyer.sign(raw), "X-Gateway-Authorization": network.gateway.sign(raw + b" ")}
    assert send(network, "search", payload, body=raw, headers=forged).status_code == 401


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"domain": "ONDC:RET11"}, "domain"),
        ({"action": "select"}, "action"),
        ({"transaction_id": ""}, "transaction_id"),
        ({"message_id": 5}, "message_id"),
        ({"bap_uri": "ftp://buyer"}, "bap_uri"),
        ({"timestamp": "yesterday"}, "timestamp"),
        ({"timestamp": "2020-01-01T00:00:00.000Z"}, "ttl"),
        ({"ttl": "30 seconds"}, "ttl"),
    ],
)
def test_a_wrong_context_is_refused_400(network, change, problem):
    payload = beckn(network, "search", {})
    payload["context"].update(change)

    response = send(network, "search", payload)

    assert response.status_code == 400 and problem in response.json()["error"]["message"]
    assert _nothing_taken()


def test_a_body_that_is_not_json_is_refused(network):
    response = send(network, "search", {}, body=b"{not json")

    assert response.status_code == 400 and _nothing_taken()


def test_off_by_default_every_route_is_404_and_nothing_is_sent(network, settings):
    settings.ONDC_ENABLED = False

    response = send(network, "search", beckn(network, "search", {}))

    assert response.status_code == 404 and _nothing_taken() and network.received == []


def test_only_post_is_served(network):
    assert Client().get("/ondc/search").status_code == 405


def test_a_buyer_app_that_is_down_is_retried_then_given_up_and_flagged(network, caplog):
    network.bap_down = True

    assert send(network, "support", beckn(network, "support", {})).status_code == 200

    sent = NetworkMessage.objects.get(direction="sent")
    assert sent.state == "failed" and sent.attempts == 5 and "503" in sent.last_error
    assert "given up after 5 tries" in caplog.text


@pytest.mark.parametrize("role", ["anonymous", "customer", "admin", "cashier", "packer", "rider"])
def test_a_login_is_no_signature(network, make_user, role):
    """Whoever is signed in to the shop, the door asks for the network's signature: 401 without one."""
    client = Client()
    if role != "anonymous":
        owner = make_user("9876500099", is_staff=True)
        user = owner if role == "admin" else make_user("9876500001")
        if role in {"cashier", "packer", "rider"}:
            user = user_role_set(actor=owner, user=user, role=role)
        client.force_login(user)
    payload = json.dumps(beckn(network, "search", {})).encode()

    response = client.post("/ondc/search", data=payload, content_type="application/json")

    assert response.status_code == 401 and _nothing_taken()
