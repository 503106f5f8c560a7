"""Reads of the accounts app."""

from django.db.models import QuerySet

from accounts.errors import USER_NOT_FOUND, NotFound
from accounts.models import User
from accounts.rules import looks_like_phone
from common.ids import as_row_id


def user_list() -> QuerySet[User]:
    """Every user for the admin list, in one query."""
    return User.objects.only("id", "name", "phone_no", "is_staff").order_by("id")


def user_get(*, ref: str) -> User:
    """A user by a 10-digit phone number, or else by id (the two forms of `/api/users/{...}`)."""
    ref = str(ref).strip()
    if looks_like_phone(ref):
        user = User.objects.filter(phone_no=ref).first()
    elif (user_id := as_row_id(ref)) is not None:
        user = User.objects.filter(pk=user_id).first()
    else:
        user = None
    if user is None:
        raise NotFound(USER_NOT_FOUND)
    return user
