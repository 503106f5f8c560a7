"""The catalog's "packs changed" event: announced once per transaction, after it commits.

Every service that changes a pack's price, discount or stock (the admin API, Django admin, CSV
import, demo data, stock taken by an order or given back by a cancelled one) calls
`announce_packs_changed`. Receivers of `packs_changed` (realtime's cart broadcast) get one call per
committed transaction naming every product and pack that changed in it, and never hear of a change
that was rolled back. The catalog imports none of its listeners; they connect to the signal.
"""

import logging
from collections.abc import Iterable

from django.dispatch import Signal

from . import after_commit

logger = logging.getLogger(__name__)
AFTER_COMMIT_KEY = "catalog.events: packs changed"

# Sent with `product_ids: frozenset[int]` and `financial_ids: frozenset[int]`.
packs_changed = Signal()


class _PendingAnnouncement:
    """The ids changed so far in one transaction; sent when that transaction commits."""

    def __init__(self):
        self.product_ids: set[int] = set()
        self.financial_ids: set[int] = set()

    def __call__(self) -> None:
        for receiver, result in packs_changed.send_robust(
            sender=_PendingAnnouncement,
            product_ids=frozenset(self.product_ids),
            financial_ids=frozenset(self.financial_ids),
        ):
            if isinstance(result, Exception):
                logger.error("packs_changed receiver %r failed", receiver, exc_info=result)


def announce_packs_changed(*, product_ids: Iterable[int], financial_ids: Iterable[int] = ()) -> None:
    """Record that these products' packs changed; `packs_changed` is sent after the commit.

    One announcement is registered per transaction (`after_commit` finds it again), so a
    transaction that changes a hundred packs sends one event. If the transaction, or the savepoint
    that registered it, rolls back, Django drops the hook with it and the next change registers a
    new one. Outside a transaction the change is already committed and the event is sent at once.
    """
    product_ids, financial_ids = set(product_ids), set(financial_ids)
    if not product_ids:
        return
    pending = after_commit.pending(AFTER_COMMIT_KEY)
    if pending is None:
        pending = _PendingAnnouncement()
        pending.product_ids |= product_ids
        pending.financial_ids |= financial_ids
        after_commit.on_commit_once(AFTER_COMMIT_KEY, pending)
        return
    pending.product_ids |= product_ids
    pending.financial_ids |= financial_ids
