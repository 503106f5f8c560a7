"""The splash shows once per visit (spec: "A splash spinner shows about 1 second at start").

The server decides, with a browser-session cookie: the page that shows the splash sets it, and the
pages after it leave the splash out. It used to be an inline script in every page reading and
writing `sessionStorage` while the page was parsed: the first storage access of a page is a round
trip to the browser process, and at 4x CPU slowdown that script was 20-50 ms of the parser's task
(issue 34: every task of the start under 50 ms). Without JavaScript the splash still fades out by
itself (styles/chrome.css).

The cookie is set only by an answer that carried the splash (`splash_due` marks the request when a
template asks), never by an API call, a redirect or a page without it. It has no expiry, so the
browser drops it when the visit ends, as it dropped the session storage.
"""

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin

SPLASH_COOKIE = "splash_seen"


def splash_due(request) -> bool:
    """Whether this page shows the splash: not yet shown in this visit. Remembers that it is shown."""
    due = request is not None and SPLASH_COOKIE not in request.COOKIES
    if due:
        request.splash_shown = True
    return due


class SplashOncePerVisitMiddleware(MiddlewareMixin):
    def process_response(self, request, response):
        if getattr(request, "splash_shown", False) and response.status_code == 200:
            response.set_cookie(
                SPLASH_COOKIE,
                "1",
                secure=settings.SESSION_COOKIE_SECURE,
                httponly=True,
                samesite="Lax",
            )
        return response
