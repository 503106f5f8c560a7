"""Category writes (Django admin)."""

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.text import slugify

from common.errors import Conflict

from .. import caching
from ..models import Category
from ._text import clean_name


def category_save(*, category: Category) -> Category:
    """Save a category (Django admin), its key made from the name when left empty."""
    category.name = clean_name(category.name, what="Category name", max_length=80)
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
        raise Conflict(f"The category '{category.name}' still holds products and cannot be deleted.") from None
    caching.invalidate()
