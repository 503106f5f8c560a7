"""A local HTTP server that speaks Juspay's session and order-status APIs, for the adapter's tests.

It checks what the real one checks (Basic auth with the API key, the merchant-id and version
headers, the session fields) and answers with Juspay's error bodies when they are wrong. Tests
steer it: `set_status(order_id, "CHARGED", amount=...)`, `delay` (seconds before answering, for
timeouts) and `fail_next(status, body)`.
"""

import base64
import json
import threading
import time
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

API_KEY = "fake-api-key"
MERCHANT_ID = "smlrmart"
CLIENT_ID = "hdfcmaster"


def error_body(code: str, message: str) -> dict:
    return {"status": "error", "error_code": code, "error_message": message, "error_info": {"code": code}}


class FakeJuspay:
    def __init__(self) -> None:
        self.orders: dict[str, dict] = {}
        self.requests: list[dict] = []
        self.delay = 0.0
        self.refund_outcome = "PENDING"  # what a new refund is, as Juspay answers most refunds
        self._failures: list[tuple[int, object]] = []
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # keep test output quiet
                pass

            def do_POST(self):
                fake._handle(self, "POST")

            def do_GET(self):
                fake._handle(self, "GET")

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    # --- steering ---------------------------------------------------------------------------

    def set_status(self, order_id: str, status: str, amount: str | None = None) -> None:
        with self.lock:
            order = self.orders[order_id]
            order["status"] = status
            if amount is not None:
                order["amount"] = float(Decimal(amount))

    def set_refund_status(self, unique_request_id: str, status: str) -> None:
        """The bank settled a refund: SUCCESS, FAILURE, MANUAL_REVIEW (or back to PENDING)."""
        with self.lock:
            for order in self.orders.values():
                for refund in order.get("refunds", []):
                    if refund["unique_request_id"] == unique_request_id:
                        refund["status"] = status

    def refunds_sent(self) -> list[dict]:
        """The refund requests received, as JSON bodies (duplicates included)."""
        return [json.loads(request["body"]) for request in self.requests if request["path"].endswith("/refunds")]

    def fail_next(self, status: int, body: object) -> None:
        self._failures.append((status, body))

    def calls(self, path_start: str) -> list[dict]:
        return [request for request in self.requests if request["path"].startswith(path_start)]

    # --- the API ----------------------------------------------------------------------------

    def _handle(self, handler: BaseHTTPRequestHandler, method: str) -> None:
        length = int(handler.headers.get("Content-Length") or 0)
        raw = handler.rfile.read(length) if length else b""
        request = {"method": method, "path": handler.path, "headers": dict(handler.headers), "body": raw}
        self.requests.append(request)
        if self.delay:
            time.sleep(self.delay)
        if self._failures:
            status, body = self._failures.pop(0)
            return self._send(handler, status, body)
        expected = "Basic " + base64.b64encode(f"{API_KEY}:".encode()).decode()
        if handler.headers.get("Authorization") != expected:
            return self._send(handler, 401, error_body("UNAUTHENTICATED", "Invalid API key"))
        if handler.headers.get("x-merchantid") != MERCHANT_ID:
            return self._send(handler, 400, error_body("INVALID_INPUT", "x-merchantid is missing or wrong"))
        if method == "POST" and handler.path == "/session":
            return self._session(handler, raw)
        if method == "POST" and handler.path.startswith("/orders/") and handler.path.endswith("/refunds"):
            return self._refund(handler, handler.path.removeprefix("/orders/").removesuffix("/refunds"), raw)
        if method == "GET" and handler.path.startswith("/orders/"):
            if not handler.headers.get("version"):
                return self._send(handler, 400, error_body("MISSING_MANDATORY_PARAMETER", "version header missing"))
            return self._status(handler, handler.path.removeprefix("/orders/"))
        return self._send(handler, 404, error_body("RESOURCE_NOT_FOUND", "No such route"))

    def _session(self, handler, raw: bytes) -> None:
        try:
            body = json.loads(raw)
        except ValueError:
            return self._send(handler, 400, error_body("INVALID_INPUT", "Body is not JSON"))
        order_id = str(body.get("order_id") or "")
        amount = body.get("amount")
        problems = [
            not order_id or len(order_id) > 21 or not order_id.isalnum(),
            not isinstance(amount, str),
            body.get("action") != "paymentPage",
            body.get("payment_page_client_id") != CLIENT_ID,
            not str(body.get("return_url") or "").startswith("http"),
            not body.get("customer_id"),
        ]
        if any(problems):
            return self._send(handler, 400, error_body("INVALID_INPUT", f"Invalid session request: {body}"))
        with self.lock:
            if order_id in self.orders:
                return self._send(handler, 400, error_body("ALREADY_EXISTS", "Order already exists"))
            self.orders[order_id] = {
                "order_id": order_id,
                "id": f"ordeh_{order_id.lower()}",
                "status": "NEW",
                "status_id": 10,
                "amount": float(Decimal(amount)),
                "currency": "INR",
                "customer_id": body["customer_id"],
                "payment_links": {"web": f"{self.url}/pay/{order_id}"},
            }
        return self._send(
            handler,
            200,
            {
                "status": "NEW",
                "id": f"ordeh_{order_id.lower()}",
                "order_id": order_id,
                "payment_links": {"web": f"{self.url}/pay/{order_id}", "expiry": "2026-11-24T10:00:00Z"},
                "sdk_payload": {"payload": {"clientAuthToken": "tkn_secret_value", "amount": amount}},
            },
        )

    def _refund(self, handler, order_id: str, raw: bytes) -> None:
        """Juspay's refund: only a CHARGED order, never more than its amount in all, and a
        `unique_request_id` seen before answers the refund it names (never a second refund)."""
        try:
            body = json.loads(raw)
        except ValueError:
            return self._send(handler, 400, error_body("INVALID_INPUT", "Body is not JSON"))
        request_id, amount = str(body.get("unique_request_id") or ""), body.get("amount")
        if not request_id or not isinstance(amount, str):
            return self._send(handler, 400, error_body("INVALID_INPUT", "unique_request_id and amount are mandatory"))
        with self.lock:
            order = self.orders.get(order_id)
            if order is None:
                return self._send(handler, 404, error_body("RESOURCE_NOT_FOUND", f"Order {order_id} not found"))
            refunds = order.setdefault("refunds", [])
            if not any(refund["unique_request_id"] == request_id for refund in refunds):
                if order["status"] != "CHARGED":
                    return self._send(handler, 400, error_body("INVALID_REQUEST", "Order is not CHARGED"))
                taken = sum(Decimal(str(r["amount"])) for r in refunds if r["status"] != "FAILURE")
                if taken + Decimal(amount) > Decimal(str(order["amount"])):
                    return self._send(handler, 400, error_body("INVALID_REQUEST", "Refund amount exceeds order amount"))
                refunds.append(
                    {
                        "id": f"rfnd_{len(refunds) + 1}_{order_id.lower()}",
                        "unique_request_id": request_id,
                        "ref": f"ARN{len(refunds) + 1:08d}",
                        "amount": float(Decimal(amount)),
                        "status": self.refund_outcome,
                        "created": "2026-11-26T10:00:00Z",
                    }
                )
            answer = {**order, "refunded": True, "amount_refunded": sum(float(r["amount"]) for r in refunds)}
        return self._send(handler, 200, answer)

    def _status(self, handler, order_id: str) -> None:
        with self.lock:
            order = self.orders.get(order_id)
        if order is None:
            return self._send(handler, 404, error_body("RESOURCE_NOT_FOUND", f"Order {order_id} not found"))
        return self._send(
            handler, 200, {**order, "card": {"card_fingerprint": "fp_secret", "last_four_digits": "1111"}}
        )

    @staticmethod
    def _send(handler, status: int, body: object) -> None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        try:
            handler.send_response(status)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(len(data)))
            handler.end_headers()
            handler.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client gave up (a timeout test)
