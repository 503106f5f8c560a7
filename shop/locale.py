"""The language of each answer: the `django_language` cookie, then Accept-Language, else English;
Django admin stays English.

Django's LocaleMiddleware, without what the shop does not use: its URLs carry no language prefix
(no `i18n_patterns`), so the path is never looked at for a language, which took about half of
that middleware's time on every request.

Django admin (`/staff/`) is written for staff in English: our model and field names, list
columns and actions are English, and Django's own Telugu catalog covers only part of the admin,
so Telugu there would be a mix of both. The shop's own staff screens (`/admin/...`) follow the
chosen language like every other page.

The language is the request's, not the thread's: the one that was active before the request is
active again once its response is made. Under ASGI each request runs in a context of its own, but
under WSGI (and Django's test client) the thread carries on, and the next thing it ran (a Celery
task run inline, a management command, the next test) spoke the last visitor's Telugu.
"""

from functools import cache

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.deprecation import MiddlewareMixin


@cache
def _django_admin_prefix() -> str:
    return reverse("admin:index")


class ShopLocaleMiddleware(MiddlewareMixin):
    def process_request(self, request):
        if request.path_info.startswith(_django_admin_prefix()):
            language = settings.LANGUAGE_CODE
        else:
            language = translation.get_language_from_request(request)
        request._language_before = translation.get_language()
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()

    def process_response(self, request, response):
        # The cookie is the other input: answers shared by caches either carry no translated text
        # (the catalog) or add Vary: Cookie themselves (GET /api/config).
        patch_vary_headers(response, ("Accept-Language",))
        response.headers.setdefault("Content-Language", translation.get_language())
        # MiddlewareMixin runs both hooks in the request's own thread under WSGI, and in one
        # thread-sensitive call each under ASGI whose context changes come back to the request's:
        # either way this undoes the activate() above where it happened.
        if hasattr(request, "_language_before"):
            _activate_again(request._language_before)
        return response


def _activate_again(language: str | None) -> None:
    """Back to `language` as `translation.get_language()` gave it (None after `deactivate_all()`)."""
    if language is None:
        translation.deactivate_all()
    else:
        translation.activate(language)
