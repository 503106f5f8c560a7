"""What the inventory holds about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py).

A supplier is a business, but a small one's contact number is often its owner's own phone: a
supplier whose phone is the account's number is that person's data. Export names those suppliers;
erasure blanks their phone and keeps the rest (the name, GSTIN and address are on the supplier's
tax invoices, which the shop keeps for its books: CGST Act 2017 s.36, Rule 56).
"""

from inventory.models import Supplier


def _theirs(user):
    phone = getattr(user, "phone_no", "") or ""
    return Supplier.objects.filter(phone=phone) if phone else Supplier.objects.none()


def personal_data_export(user) -> dict:
    """The suppliers whose contact number is the account's, in one query."""
    return {
        "supplierContacts": [
            {"supplier": supplier.name, "phone": supplier.phone} for supplier in _theirs(user).order_by("id")
        ]
    }


def personal_data_erase(user) -> dict:
    """Blank the account's number where a supplier lists it as its contact."""
    return {"supplier_phones": _theirs(user).update(phone="")}
