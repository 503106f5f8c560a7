"""A small ONDC network on loopback: a registry, a buyer app and a gateway with keys made in the test.

`network` (on a transactional database, so that the door's after-commit work runs as in
production) serves, on a port of its own, the registry's `/lookup` (the subscribers the test
registers) and the buyer app's callback URL (`/bap/on_*`), which checks every answer's signature
against the shop's registered key, as a real buyer app does, and keeps what it received. The
shop's settings point at it, with ONDC on and a fresh key pair of the shop's. Incremental catalog
pushes are queued, not run (`Network.pushes`): a test runs `ondc_catalog_push` when it means to.
"""

import json
import threading
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import Client

from ondc.registry import process_keys_forget
from ondc.schemas import SPEC_VERSION, described_actions, schema_errors
from ondc.signing import BadSignature, authorization_header, header_check, header_parse, key_pair_new
from ondc.tasks import ondc_catalog_push
from orders.tests.conftest import packs  # noqa: F401 (the catalog fixture, shared)

BAP_ID = "buyer.example.in"
GATEWAY_ID = "gateway.example.in"


@dataclass
class Subscriber:
    subscriber_id: str
    unique_key_id: str
    private_key: str
    public_key: str

    def sign(self, body: bytes, **times) -> str:
        return authorization_header(
            body=body,
            subscriber_id=self.subscriber_id,
            unique_key_id=self.unique_key_id,
            private_key=self.private_key,
            **times,
        )


def subscriber(subscriber_id: str, unique_key_id: str = "k1") -> Subscriber:
    private_key, public_key = key_pair_new()
    return Subscriber(subscriber_id, unique_key_id, private_key, public_key)


@dataclass
class Received:
    action: str
    body: dict
    signed_by_shop: bool
    schema_errors: list[str] = field(default_factory=list)


@dataclass
class Network:
    url: str
    shop: Subscriber
    buyer: Subscriber
    gateway: Subscriber
    registered: dict = field(default_factory=dict)  # (subscriber_id, ukId) -> public key
    received: list[Received] = field(default_factory=list)
    lookups: int = 0
    pushes: list = field(default_factory=list)  # incremental catalog pushes queued (their options), not run
    bap_down: bool = False
    registry_down: bool = False

    @property
    def bap_uri(self) -> str:
        return self.url + "/bap"

    def register(self, who: Subscriber) -> None:
        self.registered[(who.subscriber_id, who.unique_key_id)] = who.public_key

    def answers(self, action: str) -> list[Received]:
        return [entry for entry in self.received if entry.action == action]


def _handler(network: Network):
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def _answer(self, status: int, payload) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            if self.path == "/lookup":
                if network.registry_down:
                    return self._answer(503, {"error": "down"})
                network.lookups += 1
                asked = json.loads(body)
                key = network.registered.get((asked.get("subscriber_id"), asked.get("ukId")))
                entries = []
                if key:
                    entries.append(
                        {
                            "subscriber_id": asked["subscriber_id"],
                            "ukId": asked["ukId"],
                            "signing_public_key": key,
                            "valid_until": "2099-01-01T00:00:00.000Z",
                            "status": "SUBSCRIBED",
                        }
                    )
                return self._answer(200, entries)
            if self.path.startswith("/bap/on_"):
                if network.bap_down:
                    return self._answer(503, {"error": "down"})
                try:
                    header_check(
                        header_parse(self.headers.get("Authorization")), body=body, public_key=network.shop.public_key
                    )
                    signed = True
                except BadSignature:
                    signed = False
                action, payload = self.path.removeprefix("/bap/"), json.loads(body)
                problems = schema_errors(action, payload) if action in described_actions() else []
                network.received.append(Received(action, payload, signed, problems))
                if not signed:
                    return self._answer(401, {"message": {"ack": {"status": "NACK"}}})
                return self._answer(200, {"message": {"ack": {"status": "ACK"}}})
            return self._answer(404, {})

    return Handler


@pytest.fixture(autouse=True)
def _keys_looked_up_afresh():
    """Each test registers keys of its own under the same names: no process copy outlives it."""
    process_keys_forget()
    yield
    process_keys_forget()


@pytest.fixture
def network(settings, transactional_db, monkeypatch):
    shop, buyer, gateway = subscriber("shop.example.in", "shopkey"), subscriber(BAP_ID), subscriber(GATEWAY_ID, "g1")
    server = ThreadingHTTPServer(("127.0.0.1", 0), None)
    url = f"http://127.0.0.1:{server.server_address[1]}"
    net = Network(url=url, shop=shop, buyer=buyer, gateway=gateway)
    server.RequestHandlerClass = _handler(net)
    # A push runs ONDC_CATALOG_PUSH_SECONDS after the change that queued it: a test runs it itself.
    monkeypatch.setattr(ondc_catalog_push, "apply_async", lambda **options: net.pushes.append(options))
    net.register(buyer)
    net.register(gateway)
    settings.ONDC_ENABLED = True
    settings.ONDC_SUBSCRIBER_ID = shop.subscriber_id
    settings.ONDC_UNIQUE_KEY_ID = shop.unique_key_id
    settings.ONDC_SIGNING_PRIVATE_KEY = shop.private_key
    settings.ONDC_SIGNING_PUBLIC_KEY = shop.public_key
    settings.ONDC_REGISTRY_URL = url
    settings.ONDC_REGISTRY_TIMEOUT_SECONDS = 2.0
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield net
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)
    invalid = [(entry.action, entry.schema_errors) for entry in net.received if entry.schema_errors]
    assert not invalid, f"messages the shop sent that its retail {SPEC_VERSION} schema refuses: {invalid}"


def now_stamp() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def beckn(network: Network, action: str, message: dict, *, transaction_id: str | None = None, **context) -> dict:
    return {
        "context": {
            "domain": "ONDC:RET10",
            "country": "IND",
            "city": "std:08856",
            "action": action,
            "core_version": "1.2.0",
            "bap_id": BAP_ID,
            "bap_uri": network.bap_uri,
            "transaction_id": transaction_id or str(uuid.uuid4()),
            "message_id": str(uuid.uuid4()),
            "timestamp": now_stamp(),
            "ttl": "PT30S",
            **context,
        },
        "message": message,
    }


def send(
    network: Network,
    action: str,
    payload: dict,
    *,
    signer: Subscriber | None = None,
    body: bytes | None = None,
    headers=None,
):
    """POST the payload to the shop's door as the buyer app does (signed), its answer queued and sent."""
    raw = json.dumps(payload, separators=(",", ":")).encode() if body is None else body
    signer = network.buyer if signer is None else signer
    given = {"Authorization": signer.sign(raw)} if headers is None else headers
    return Client().post(f"/ondc/{action}", data=raw, content_type="application/json", headers=given)
