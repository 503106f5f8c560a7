"""The language of each answer: Django's LocaleMiddleware (the `django_language` cookie, then
Accept-Language), except in Django admin, which stays English.

Django admin (`/staff/`) is written for staff in English: our model and field names, list
columns and actions are English, and Django's own Telugu catalog covers only part of the admin,
so Telugu there would be a mix of both. The shop's own staff screens (`/admin/...`) follow the
chosen language like every other page.
"""

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.urls import reverse
from django.utils import translation


class ShopLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request):
        if request.path_info.startswith(reverse("admin:index")):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = translation.get_language()
            return
        super().process_request(request)
