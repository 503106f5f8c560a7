from datetime import date

from django.conf import settings


def shop_config() -> dict:
    """What every island may read from the page (no secrets): contacts, links, flags."""
    return {
        "storeName": settings.STORE_NAME,
        "whatsappNumber": settings.STORE_WHATSAPP_NUMBER,
        "phoneNumber": settings.STORE_PHONE_NUMBER,
        "supportEmail": settings.STORE_SUPPORT_EMAIL,
        "supportPhone": settings.STORE_SUPPORT_PHONE,
        "gstNumber": settings.STORE_GST_NUMBER,
        "fssaiNumber": settings.STORE_FSSAI_NUMBER,
        "storeAddress": settings.STORE_ADDRESS,
        "social": settings.STORE_SOCIAL_LINKS,
        "googleMapsKey": settings.GOOGLE_MAPS_API_KEY,
        "onlinePayment": settings.ONLINE_PAYMENT_ENABLED,
    }


def storefront(request) -> dict:
    return {"shop_config": shop_config(), "current_year": date.today().year, "STORE_NAME": settings.STORE_NAME}
