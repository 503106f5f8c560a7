"""Incremental catalog pushes: buyer apps that searched are sent the packs whose price or stock changed.

The catalog announces every committed change of packs (`catalog.events.packs_changed`); the ONDC
app notes each changed pack once (`CatalogChange`, one row per pack however often it changed) and
makes sure one push is due: the first change after a push queues `tasks.ondc_catalog_push` to run
`ONDC_CATALOG_PUSH_SECONDS` later, and the changes until then ride in that one push. A push sends
each buyer app of the audience (`CatalogAudience`: those that searched, until they ask to stop
with `catalog_inc` mode `stop`, retail 1.2.0's incremental catalog refresh) an unasked `on_search`
holding only the changed packs, under their products and categories, paged as the whole catalog
is. Pushes are at least `ONDC_CATALOG_PUSH_SECONDS` apart (the network's rate limits): a push
that finds the last one too recent waits out the rest. Nothing of it runs in a request: the
listener writes one row per pack and at most queues a task; the catalog is read in the task.
"""

import logging
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone

from ondc.context import CORE_VERSION, COUNTRY, DOMAIN, answer_context
from ondc.listing import changed_pages
from ondc.models import CatalogAudience, CatalogChange, NetworkMessage

logger = logging.getLogger(__name__)

PUSH_DUE = "ondc:catalog-push:due"  # a push is queued: later changes ride in it
PUSHED = "ondc:catalog-push:recent"  # a push ran less than ONDC_CATALOG_PUSH_SECONDS ago
LARGEST_PUSH = 10_000  # packs in one push; more wait for the next


def _tags(intent: dict) -> dict[str, str]:
    for tag in intent.get("tags") or []:
        if isinstance(tag, dict) and tag.get("code") == "catalog_inc" and isinstance(tag.get("list"), list):
            return {str(entry.get("code")): str(entry.get("value")) for entry in tag["list"] if isinstance(entry, dict)}
    return {}


def audience_heard(request: NetworkMessage) -> bool:
    """Note the buyer app that searched; True when the search only starts or stops the pushes
    (`catalog_inc` mode), which is answered with its ACK and no catalog."""
    intent = request.body["message"].get("intent")
    mode = _tags(intent).get("mode") if isinstance(intent, dict) else None
    fields = {"bap_uri": request.bap_uri, "city": str(request.body["context"].get("city") or "")[:20]}
    fields["searched_at"] = timezone.now()
    if mode in ("start", "stop"):
        fields["pushing"] = mode == "start"
    CatalogAudience.objects.update_or_create(bap_id=request.bap_id, defaults=fields)
    return mode in ("start", "stop")


def changes_heard(*, financial_ids) -> None:
    """Packs changed (after their commit): note them and make sure one push is due."""
    if not financial_ids:
        return
    CatalogChange.objects.bulk_create([CatalogChange(financial_id=pk) for pk in financial_ids], ignore_conflicts=True)
    push_due()


def push_due(*, wait: int | None = None) -> None:
    """Queue a push to run `wait` seconds from now (the push interval), unless one is queued already."""
    seconds = settings.ONDC_CATALOG_PUSH_SECONDS if wait is None else wait
    if cache.add(PUSH_DUE, 1, timeout=seconds + 60):
        from ondc.tasks import ondc_catalog_push

        ondc_catalog_push.apply_async(countdown=seconds)


def _context(audience: CatalogAudience) -> dict:
    request = {
        "domain": DOMAIN,
        "country": COUNTRY,
        "city": audience.city or settings.ONDC_CITY,
        "core_version": CORE_VERSION,
        "bap_id": audience.bap_id,
        "bap_uri": audience.bap_uri,
        "transaction_id": str(uuid.uuid4()),
        "message_id": str(uuid.uuid4()),
        "ttl": "PT30S",
    }
    return answer_context(request, action="on_search")


def catalog_push(*, may_wait: bool = True) -> list[NetworkMessage]:
    """Take the changed packs and record (queued) one `on_search` page set per buyer app of the
    audience; the caller delivers them. Too soon after the last push, nothing is taken and a push
    is queued for when the interval is over (`may_wait`; a task run inline, with no broker, cannot
    wait: the changes stay noted for the push the next change queues)."""
    interval = settings.ONDC_CATALOG_PUSH_SECONDS
    if not cache.add(PUSHED, 1, timeout=interval):
        if may_wait:
            cache.delete(PUSH_DUE)
            push_due(wait=interval)
        return []
    cache.delete(PUSH_DUE)
    with transaction.atomic():
        # Locked, so two pushes running at once do not both take a change (PostgreSQL).
        changes = list(CatalogChange.objects.select_for_update().order_by("id")[:LARGEST_PUSH])
        if not changes:
            return []
        CatalogChange.objects.filter(pk__in=[change.pk for change in changes]).delete()
        audience = list(CatalogAudience.objects.filter(pushing=True).order_by("id"))
        pages = list(changed_pages(financial_ids=frozenset(change.financial_id for change in changes)))
        sent = []
        for listener in audience:
            context = _context(listener)
            for page in pages:
                sent.append(
                    NetworkMessage(
                        direction=NetworkMessage.Direction.SENT,
                        action="on_search",
                        transaction_id=context["transaction_id"],
                        message_id=context["message_id"],
                        bap_id=listener.bap_id,
                        bap_uri=listener.bap_uri,
                        body={"context": context, "message": page},
                        state=NetworkMessage.State.QUEUED,
                    )
                )
        sent = NetworkMessage.objects.bulk_create(sent)
    if len(changes) == LARGEST_PUSH:
        push_due()
    logger.info("ONDC catalog push: %d packs to %d buyer apps", len(changes), len(audience))
    return sent
