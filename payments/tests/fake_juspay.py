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
