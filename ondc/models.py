"""What passed through the network's door: every message in and out, and the orders it placed.

A `NetworkMessage` is one Beckn message: a request a buyer app sent (`received`) or the `on_*`
answer the shop sent back (`sent`), with its context ids and, for an answer, how its delivery went
(the Celery task's tries). A request's message id is taken once per buyer app and action: the
same request sent again is refused at the door rather than answered twice.

A `NetworkOrder` ties the network's order id (the buyer app's, sent in `confirm`) to the shop's
`orders.Order`: unique per buyer app, so a `confirm` retried or raced places one order.
"""

from django.db import models
from django.db.models import Q


class NetworkMessage(models.Model):
    class Direction(models.TextChoices):
        RECEIVED = "received", "received"
        SENT = "sent", "sent"

    class State(models.TextChoices):
        ACCEPTED = "accepted", "accepted (ACK)"  # a request: taken, its answer queued
        QUEUED = "queued", "queued"  # an answer: waiting for (another) try
        DELIVERED = "delivered", "delivered (ACK)"
        FAILED = "failed", "failed (given up)"

    direction = models.CharField(max_length=8, choices=Direction.choices)
    action = models.CharField(max_length=20)
    transaction_id = models.CharField(max_length=100, db_index=True)
    message_id = models.CharField(max_length=100)
    bap_id = models.CharField("buyer app", max_length=200)
    bap_uri = models.CharField("buyer app URL", max_length=500)
    body = models.JSONField()
    state = models.CharField(max_length=10, choices=State.choices)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.CharField(max_length=500, blank=True, default="")
    request = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="answers")
    order = models.ForeignKey("orders.Order", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["bap_id", "action", "message_id"],
                condition=Q(direction="received"),
                name="ondc_request_message_once",
            ),
            models.CheckConstraint(condition=Q(direction__in=["received", "sent"]), name="ondc_message_direction"),
        ]
        indexes = [models.Index(fields=["state", "created_at"], name="ondc_message_state")]

    def __str__(self) -> str:
        return f"{self.direction} {self.action} {self.message_id}"


class NetworkOrder(models.Model):
    class Payment(models.TextChoices):
        PREPAID = "ON-ORDER", "prepaid (the buyer app collects)"
        ON_DELIVERY = "ON-FULFILLMENT", "cash on delivery"

    bap_id = models.CharField("buyer app", max_length=200)
    bap_uri = models.CharField("buyer app URL", max_length=500)
    network_order_id = models.CharField(max_length=100)
    transaction_id = models.CharField(max_length=100)
    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="network_order")
    payment_type = models.CharField(max_length=16, choices=Payment.choices)
    # What the buyer app sent with `confirm` (billing, the delivery end, payment and settlement
    # terms), echoed back in every `on_*` about the order.
    details = models.JSONField(default=dict)
    # What the buyer app was last told of the order (`ondc.telling.told_of`): a move that changes it
    # is sent as an unsolicited `on_status` / `on_update` / `on_cancel`, one that does not, never.
    told = models.JSONField(default=dict)
    # The network's money terms (`ondc.settlement`), in paise: who collects, the buyer app's
    # finder fee, when the shop is paid, and the TCS the collecting operator deducts (section 52).
    collector = models.CharField(max_length=3, default="BPP")
    finder_fee_type = models.CharField(max_length=10, blank=True, default="")
    finder_fee_paise = models.BigIntegerField(default=0)
    settlement_basis = models.CharField(max_length=30, blank=True, default="")
    settlement_window = models.CharField(max_length=30, blank=True, default="")
    withholding_paise = models.BigIntegerField(default=0)
    tcs_paise = models.BigIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["bap_id", "network_order_id"], name="ondc_order_once_per_buyer_app")
        ]

    def __str__(self) -> str:
        return f"{self.bap_id} {self.network_order_id}"


class NetworkReturn(models.Model):
    """A return the buyer app asked for after delivery (`update`, a `Return` fulfillment): a problem
    ticket of the support app (`ondc.returns`), whose decision is told back as the return's state."""

    network_order = models.ForeignKey(NetworkOrder, on_delete=models.CASCADE, related_name="returns")
    return_id = models.CharField("the buyer app's return id", max_length=100)
    ticket = models.OneToOneField("support.Ticket", on_delete=models.PROTECT, related_name="+")
    item_id = models.CharField("the item (pack id) returned", max_length=20)
    quantity = models.PositiveSmallIntegerField()
    reason_id = models.CharField(max_length=3)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["network_order", "return_id"], name="ondc_return_once_per_order")
        ]

    def __str__(self) -> str:
        return f"{self.network_order} return {self.return_id}"


class CatalogAudience(models.Model):
    """A buyer app that searched the shop's catalog: told of changed packs (`ondc.pushing`) until it
    asks to stop (`catalog_inc` mode `stop`)."""

    bap_id = models.CharField("buyer app", max_length=200, unique=True)
    bap_uri = models.CharField("buyer app URL", max_length=500)
    city = models.CharField(max_length=20, blank=True, default="")
    pushing = models.BooleanField(default=True)
    searched_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.bap_id


class CatalogChange(models.Model):
    """A pack whose price or stock changed since the last incremental `on_search` push: one row per
    pack however often it changed (coalesced), taken by the push (`ondc.pushing`)."""

    financial_id = models.BigIntegerField(unique=True)  # no foreign key: a deleted pack is pushed as gone
    changed_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return str(self.financial_id)
