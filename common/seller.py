"""The seller the Consumer Protection (E-Commerce) Rules 2020 ask the site to name (rule 4 and 5):
legal name, address, GSTIN, FSSAI licence, customer care, and the grievance officer.

One owner for every place that shows them (the footer, the grievance page, the invoice through
`shop_config`, `manage.py compliance_audit`): each comes from a setting (`shop/settings/store.py`, read
from the environment), never from a template.
"""

from dataclasses import dataclass, fields

from django.conf import settings


@dataclass(frozen=True)
class Seller:
    legal_name: str
    trade_name: str
    address: str
    gstin: str
    fssai: str
    care_phone: str
    care_email: str
    officer_name: str
    officer_designation: str
    officer_phone: str
    officer_email: str


# Each detail and the setting it is read from, so the audit can name what to set.
SETTINGS = {
    "legal_name": "STORE_LEGAL_NAME",
    "trade_name": "STORE_NAME",
    "address": "STORE_ADDRESS",
    "gstin": "STORE_GST_NUMBER",
    "fssai": "STORE_FSSAI_NUMBER",
    "care_phone": "STORE_SUPPORT_PHONE",
    "care_email": "STORE_SUPPORT_EMAIL",
    "officer_name": "GRIEVANCE_OFFICER_NAME",
    "officer_designation": "GRIEVANCE_OFFICER_DESIGNATION",
    "officer_phone": "GRIEVANCE_OFFICER_PHONE",
    "officer_email": "GRIEVANCE_OFFICER_EMAIL",
}


def seller() -> Seller:
    return Seller(**{name: str(getattr(settings, setting, "") or "").strip() for name, setting in SETTINGS.items()})


def missing_seller_settings() -> list[str]:
    """The settings whose detail is blank, by name (`STORE_LEGAL_NAME`, ...)."""
    found = seller()
    return [SETTINGS[field.name] for field in fields(Seller) if not getattr(found, field.name)]
