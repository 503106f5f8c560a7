"""Bills made while the counter was offline, sent when the connection is back.

Each bill carries its own key and the number the till took from a block reserved in advance
(`counter.services.number_block_reserve`), so a sync sent twice, or cut off half way and sent
again, makes every bill exactly once: a key already billed answers that bill and moves nothing.
Each bill is its own transaction: one refused bill (a number outside the blocks) does not hold back
the others, and says why.
"""

from common.errors import DomainError
from counter import services


def bills_sync(*, cashier, bills: list[dict]) -> list[dict]:
    """Make each offline bill once; one result per bill, in the order sent."""
    results = []
    for row in bills:
        try:
            bill = services.counter_bill_create(
                counter=services.counter_get(code=row["counter"]),
                cashier=cashier,
                lines=[services.BillLine(x["financialId"], x["qty"], x.get("price")) for x in row["lines"]],
                tenders=[
                    services.TenderIn(x["method"], x["amount"], x.get("tendered"), x.get("reference", ""))
                    for x in row["tenders"]
                ],
                key=row["key"],
                customer_phone=row.get("customerPhone", ""),
                offline=services.Offline(number=row["number"], billed_at=row["billedAt"]),
            )
        except DomainError as refused:
            results.append({"key": row["key"], "ok": False, "status": refused.status, "message": str(refused.message)})
            continue
        results.append(
            {"key": row["key"], "ok": True, "number": bill.order.invoice_number, "_id": bill.order.public_id}
        )
    return results
