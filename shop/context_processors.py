from datetime import date

from django.conf import settings

from catalog.models import Financial, GstRate
from common.seller import seller
from orders import rules


def shop_config() -> dict:
    """What the browser must know (no secrets): store contacts and links, and the commerce rules
    it shows but the server enforces (payment methods switched on, pack-count limits, shipping, the
    GST rates staff may give a product, the units a pack may be sold in, what staff may do with an unavailable pack).

    The one source of both the page's <script id="shop-config"> and `GET /api/config`.
    """
    # The page table renders islands (shop/ssr.py), which read this config: imported when asked.
    from shop.pages import staff_screens

    return {
        "storeName": settings.STORE_NAME,
        "whatsappNumber": settings.STORE_WHATSAPP_NUMBER,
        # The same number as supportPhone, written for a tel: link (no spaces).
        "phoneNumber": "".join(settings.STORE_SUPPORT_PHONE.split()),
        "supportEmail": settings.STORE_SUPPORT_EMAIL,
        "supportPhone": settings.STORE_SUPPORT_PHONE,
        "gstNumber": settings.STORE_GST_NUMBER,
        "fssaiNumber": settings.STORE_FSSAI_NUMBER,
        "storeAddress": settings.STORE_ADDRESS,
        "legalName": settings.STORE_LEGAL_NAME,
        "social": settings.STORE_SOCIAL_LINKS,
        "googleMapsKey": settings.GOOGLE_MAPS_API_KEY,
        "paymentMethods": [{"value": offer.value, "label": offer.label} for offer in rules.payment_methods_offered()],
        "packLimits": rules.pack_limits(),
        "substitutionPreferences": rules.substitution_preferences(),
        "shippingPrice": float(rules.SHIPPING_PRICE),
        "gstRates": list(GstRate.values),
        "packUnits": list(Financial.Units.values),
        "staffScreens": staff_screens(),
    }


def storefront(request) -> dict:
    return {
        "shop_config": shop_config(),
        "current_year": date.today().year,
        "STORE_NAME": settings.STORE_NAME,
        "seller": seller(),
    }
