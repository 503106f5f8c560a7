"""ServeStatic's middleware, synchronous as well as asynchronous.

ServeStatic's own middleware is async-only. Under WSGI (gunicorn, the Procfile's `web`) Django
would run it through a sync→async→sync bridge on every request, a thread hop each time: more
than half of a trivial request's CPU (bench/README.md), the very cost serving HTTP from WSGI
removes. This one answers in whichever mode the handler runs: async under ASGI (a local run,
the websocket process), plain sync under WSGI, with the same files, headers and settings.
"""

from asgiref.sync import iscoroutinefunction
from django.conf import settings as django_settings
from servestatic.middleware import AsyncServeStaticFileResponse, ServeStaticMiddleware

# What asgiref's markcoroutinefunction sets on Python 3.11 and on 3.12+.
_COROUTINE_MARKS = ("_is_coroutine", "_is_coroutine_marker")


async def _unused_get_response(request):  # pragma: no cover - replaced at once
    raise AssertionError("unreachable")


class StaticFilesMiddleware(ServeStaticMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response, settings=django_settings):
        synchronous = not iscoroutinefunction(get_response)
        # ServeStatic refuses a synchronous get_response; give it one it accepts, then the real one.
        super().__init__(_unused_get_response if synchronous else get_response, settings)
        self.get_response = get_response
        self.synchronous = synchronous
        if synchronous:
            for mark in _COROUTINE_MARKS:
                self.__dict__.pop(mark, None)

    def __call__(self, request):
        if not self.synchronous:
            return super().__call__(request)  # a coroutine: the async handler awaits it
        static_file = self.find_file(request.path_info) if self.autorefresh else self.files.get(request.path_info)
        if static_file is None:
            return self.get_response(request)
        answer = static_file.get_response(request.method or "GET", request.META)
        response = AsyncServeStaticFileResponse(answer.file or (), status=int(answer.status))
        del response["content-type"]
        for key, value in answer.headers:
            if value is not None:
                response[key] = value
        return response
