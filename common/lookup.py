"""Finding a row by the id or the slug a URL names (`/product/12` and `/product/toor-dal` alike)."""

from django.db.models import Model, QuerySet

from common.ids import as_row_id


def by_id_or_slug(queryset: QuerySet, ref, *, slug_field: str = "slug") -> Model | None:
    """The row whose id `ref` spells, or else whose slug it is; None when there is none.

    All-digit refs are ids, so a model looked up this way must never give a slug that is all digits.
    """
    ref = str(ref).strip()
    if ref.isdigit():
        row_id = as_row_id(ref)
        return queryset.filter(pk=row_id).first() if row_id else None
    return queryset.filter(**{slug_field: ref}).first()
