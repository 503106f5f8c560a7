"""The ASGI applications: websockets in production, HTTP and websockets together for a local run.

- `websocket_application` is the Procfile's `ws` process: it serves the websockets under `/ws/`
  and nothing else (any HTTP request answers 404). The reverse proxy routes `/ws/` to it and
  every other path to the WSGI workers (`shop.wsgi`, Procfile `web`).
- `application` serves both on one port, for `scripts/run` and the tests.

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

websockets = AllowedHostsOriginValidator(WebsocketGauge(RefuseUnknownPaths(URLRouter(websocket_urlpatterns))))

application = ProtocolTypeRouter({"http": django_asgi_app, "websocket": websockets})
websocket_application = ProtocolTypeRouter({"http": WebsocketsOnlyHttp(django_asgi_app), "websocket": websockets})
