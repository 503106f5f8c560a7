"""The two roles of spec section 6, as DRF permission classes every app uses.

A customer is any signed-in, active user; an admin is one whose `is_staff` flag (the wire format's
`isAdmin`) is set.
"""

from django.utils.translation import gettext_lazy
from rest_framework.permissions import BasePermission


class IsCustomer(BasePermission):
    message = gettext_lazy("Not authorized, please sign in.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_active)


class IsAdmin(BasePermission):
    message = gettext_lazy("Not authorized as an admin.")

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_active and user.is_staff)
