"""Reads of the accounts app."""

from django.db.models import Q, QuerySet

from accounts.errors import USER_NOT_FOUND, NotFound
from accounts.models import User
from accounts.roles import with_staff_role
from accounts.rules import looks_like_phone
from common.ids import as_row_id
from common.pagination import USER_LIST, Page, paginate


def user_list(*, keyword: str = "") -> QuerySet[User]:
    """Users for the admin list in id order; `keyword` finds a part of the name or the phone number."""
    users = with_staff_role(User.objects.only("id", "name", "phone_no", "is_staff", "is_active")).order_by("id")
    keyword = keyword.strip()
    if keyword:
        users = users.filter(Q(name__icontains=keyword) | Q(phone_no__contains=keyword))
    return users


def user_page(*, keyword: str = "", page: int = 1, page_size: int = USER_LIST.default) -> Page[User]:
    """One page of `user_list`: a COUNT and a slice."""
    return paginate(user_list(keyword=keyword), page=page, page_size=page_size)


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
