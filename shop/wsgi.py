"""The WSGI application: the shop's HTTP, served by gunicorn's worker processes (Procfile `web`).

Plain WSGI runs each request on the worker's own thread: no hop between an event loop and a
sync thread per request (under ASGI about half a trivial request's CPU went to asgiref's
thread hops, bench/README.md). Websockets are served by a separate ASGI process
(`shop.asgi:websocket_application`, Procfile `ws`); the two meet only through the channel layer.
"""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
application = get_wsgi_application()
