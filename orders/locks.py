"""Every row lock orders take, in one place.

Pack rows are always locked in primary-key order, so two placements that share packs queue behind
each other instead of deadlocking, whatever order their carts list the packs in.
"""

from collections.abc import Iterable

from django.db.models import QuerySet

from catalog.models import Financial


def packs_locked_in_pk_order(financial_ids: Iterable[int]) -> QuerySet[Financial]:
    """The packs with these ids, locked FOR UPDATE (only the pack rows, not their brand or product).

    Must be evaluated inside `transaction.atomic()`.
    """
    return (
        Financial.objects.select_for_update(of=("self",))
        .select_related("detail__product")
        .filter(pk__in=set(financial_ids))
        .order_by("pk")
    )
