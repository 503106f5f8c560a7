"""Category writes (Django admin)."""

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.text import slugify
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict
from common.text import clean_text

from .. import caching
from ..models import Category
from ._text import clean_telugu

CATEGORY_NAME_MAX_LENGTH = Category._meta.get_field("name").max_length
CATEGORY_NAME_TE_MAX_LENGTH = Category._meta.get_field("name_te").max_length


def category_save(*, category: Category) -> Category:
    """Save a category (Django admin), its key made from the name when left empty."""
    category.name = clean_text(category.name, label=gettext_lazy("Category name"), max_length=CATEGORY_NAME_MAX_LENGTH)
    category.name_te = clean_telugu(
        category.name_te, label=gettext_lazy("Telugu name"), max_length=CATEGORY_NAME_TE_MAX_LENGTH
    )
    category.key = category.key or slugify(category.name)
    category.save()
    caching.invalidate()
    return category


def category_delete(*, category: Category) -> None:
    """Delete a category that holds no products (a product's category is protected)."""
    try:
        with transaction.atomic():
            category.delete()
    except (ProtectedError, RestrictedError):
        raise Conflict(
            gettext("The category '{category}' still holds products and cannot be deleted.").format(
                category=category.name
            )
        ) from None
    caching.invalidate()
