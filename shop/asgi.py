"""The ASGI applications: websockets in production, HTTP and websockets together for a local run.

- `websocket_application` is the Procfile's `ws` process: it serves the websockets under `/ws/`
  and Socket.IO under `/socket.io/` (its HTTP polling too), and nothing else (any other HTTP
  request answers 404). The reverse proxy routes `/ws/` and `/socket.io/` to it and every other
  path to the WSGI workers (`shop.wsgi`, Procfile `web`).
- `application` serves all of it on one port, for `scripts/run` and the tests.

Socket.IO (`realtime.socketio`, for the shop's existing client) sits in front of Channels and
answers only its own path; both take their events from the same channel-layer broadcasts.

HTTP and websockets never rely on sharing a process: what a request changes reaches the sockets
through the channel layer (realtime/broadcast.py), which is Redis whenever REDIS_URL is set.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
django_asgi_app = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402  (needs Django set up)
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from common.metrics import WebsocketGauge  # noqa: E402
from common.websocket import RefuseUnknownPaths, WebsocketsOnlyHttp  # noqa: E402
from realtime.routing import websocket_urlpatterns  # noqa: E402
from realtime.socketio import with_socketio  # noqa: E402

websockets = AllowedHostsOriginValidator(RefuseUnknownPaths(URLRouter(websocket_urlpatterns)))

# WebsocketGauge outermost: /metrics counts the Socket.IO websockets beside the Channels ones.
application = WebsocketGauge(with_socketio(ProtocolTypeRouter({"http": django_asgi_app, "websocket": websockets})))
websocket_application = WebsocketGauge(
    with_socketio(ProtocolTypeRouter({"http": WebsocketsOnlyHttp(django_asgi_app), "websocket": websockets}))
)
