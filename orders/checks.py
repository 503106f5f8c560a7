"""`manage.py check` catches a GST setup whose invoices would be wrong: a store state the tax
table does not know, or a GSTIN registered in another state than `STORE_STATE`."""

from django.conf import settings
from django.core.checks import Error, register

from orders.tax import state_code


@register()
def gst_settings_check(app_configs, **kwargs) -> list[Error]:
    code = state_code(settings.STORE_STATE)
    if not code:
        return [
            Error(f"STORE_STATE={settings.STORE_STATE!r} is not an Indian state or union territory.", id="orders.E001")
        ]
    gstin = str(settings.STORE_GST_NUMBER or "").strip()
    if gstin[:2] != code:
        return [
            Error(
                f"STORE_GST_NUMBER {gstin!r} is not registered in {settings.STORE_STATE} (its GSTIN starts with {code}).",
                hint="Every invoice prints both: set STORE_STATE to the state of the GSTIN, or the GSTIN of that state.",
                id="orders.E002",
            )
        ]
    return []
