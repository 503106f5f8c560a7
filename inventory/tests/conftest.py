"""Suppliers in the shop's state and in another, a pack to buy, and a purchase line as typed."""

import datetime

import pytest
from django.utils import timezone

from catalog.tests.factories import make_category, make_product
from common.gstin import check_character
from inventory.services import supplier_create


def gstin(first14: str) -> str:
    """A valid GSTIN from its first 14 characters."""
    return first14 + check_character(first14)


ANDHRA_GSTIN = gstin("37AAPFU0939F1Z")  # the shop's own state (STORE_STATE): CGST + SGST
MAHARASHTRA_GSTIN = "27AAPFU0939F1ZV"  # another state: IGST


def days(n: int) -> str:
    return (timezone.localdate() + datetime.timedelta(days=n)).isoformat()


@pytest.fixture
def local_supplier(db):
    return supplier_create(name="Godavari Traders", gstin=ANDHRA_GSTIN, phone="9848012345", lead_time_days=2)


@pytest.fixture
def far_supplier(db):
    return supplier_create(name="Pune Wholesale", gstin=MAHARASHTRA_GSTIN, lead_time_days=5)


@pytest.fixture
def category(db):
    return make_category("Rice")


@pytest.fixture
def pack(category):
    """Rice 1 kg: MRP ₹100, sells at ₹90, 10 on the shelf."""
    return make_product("Sona Rice", category=category).details.get().financials.get()


@pytest.fixture
def oil(category):
    return (
        make_product("Groundnut Oil", category=category, brands={"Oil Co": [("1", "L", "200", "180", 4)]})
        .details.get()
        .financials.get()
    )


def line(pack, **changes) -> dict:
    """A purchase line as the screen sends it (camelCase), valid unless changed."""
    return {
        "financialId": str(pack.pk),
        "qty": 24,
        "unitCost": "70.00",
        "gstRate": 5,
        "batchNumber": "B-101",
        "packedOn": days(-10),
        "bestBefore": days(180),
        "mrp": "100.00",
    } | changes


@pytest.fixture
def people(make_user, admin_user):
    """Everyone who might call a manager's endpoint: anonymous (None), a customer, each staff role
    below the owner, and the owner or manager."""
    from accounts.services import user_role_set

    found = {"anonymous": None, "customer": make_user("9876500011"), "manager": admin_user}
    for number, role in enumerate(("cashier", "packer", "rider"), start=1):
        member = make_user(f"98765002{number:02d}", name=f"Staff {role}")
        found[role] = user_role_set(actor=admin_user, user=member, role=role)
    return found


# What each of `people` gets from a manager-only endpoint before it reads the request.
REFUSED = {"anonymous": 401, "customer": 403, "cashier": 403, "packer": 403, "rider": 403}


def entered(user, supplier, *lines, number="INV-1", date=None):
    """A draft purchase entered through the API: its answer's data."""
    from conftest import client_for

    body = {"supplierId": supplier.pk, "invoiceNumber": number, "invoiceDate": date or days(-1), "lines": list(lines)}
    answer = client_for(user).post("/api/inventory/purchases", body, format="json")
    assert answer.status_code == 201, answer.data
    return answer.data
