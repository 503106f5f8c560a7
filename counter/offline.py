"""What a till keeps to bill with the connection down: every pack it can sell, with its codes and
today's price, and the shop's receipt header. The till stores it (IndexedDB, the counter island's
`offline.js`) and bills from it offline; the bills go to `counter.sync` when the connection is back,
each at the price the till showed (the shopper pays what the bill said; a changed price is flagged
on the bill for the manager, `CounterBill.price_note`).
"""

from django.conf import settings

from catalog.models import Financial
from common.fields import money


def till_catalog() -> dict:
    """Every pack with its barcodes, name (English and Telugu), brand, size and selling price."""
    packs = (
        Financial.objects.select_related("detail__product")
        .prefetch_related("barcodes")
        .order_by("detail__product__name", "detail__brand", "pk")
    )
    return {
        "packs": [
            {
                "financialId": str(pack.pk),
                "name": pack.detail.product.name,
                "nameTe": pack.detail.product.name_te,
                "brand": pack.detail.brand,
                "quantity": pack.quantity_display,
                "units": pack.units,
                "price": money(pack.price),
                "dprice": money(pack.dprice),
                "hsnCode": pack.detail.product.hsn_code,
                "gstRate": pack.detail.product.gst_rate,
                "codes": [barcode.code for barcode in pack.barcodes.all()],
            }
            for pack in packs
        ],
        "seller": {
            "legalName": settings.STORE_LEGAL_NAME,
            "name": settings.STORE_NAME,
            "address": settings.STORE_ADDRESS,
            "gstin": settings.STORE_GST_NUMBER,
            "fssai": settings.STORE_FSSAI_NUMBER,
            "phone": settings.STORE_SUPPORT_PHONE,
        },
    }
