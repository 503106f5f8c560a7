"""The edit screen's warning when a price would sell a pack below what it cost: the rule is the
server's (`inventory.costing.price_check`), with the figures, in the staff member's language."""

from datetime import date
from decimal import Decimal

import pytest

from catalog.stock import stock_receive
from conftest import client_for

from .conftest import REFUSED

pytestmark = pytest.mark.django_db


def check(user, pack, language="en", **query):
    return client_for(user).get(f"/api/inventory/packs/{pack.pk}/price-check", query, HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def bought(pack):
    """Rice 1 kg at 5 % GST: an old batch at ₹60, then the latest at ₹80 before GST (₹84 with GST)."""
    product = pack.detail.product
    product.gst_rate = 5
    product.save()
    stock_receive(pack=pack, qty=5, batch_no="OLD", unit_cost_paise=6000)
    stock_receive(pack=pack, qty=5, batch_no="NEW", unit_cost_paise=8000)
    return pack


def test_a_price_below_the_latest_cost_warns_with_the_figures(admin_user, bought):
    answer = check(admin_user, bought, price="100", discount="20")  # sells at ₹80: ₹76.19 before GST
    assert answer.status_code == 200, answer.data
    assert answer.data | {"warning": None} == {
        "financialId": str(bought.pk),
        "sellingPrice": Decimal("80.00"),
        "gstRate": 5,
        "cost": Decimal("80.00"),
        "costWithGst": Decimal("84.00"),
        "belowCost": True,
        "warning": None,
    }
    assert answer.data["warning"] == (
        "₹80.00 sells this pack below what it cost: ₹80.00 before GST, ₹84.00 with 5% GST."
    )
    telugu = check(admin_user, bought, language="te", price="100", discount="20").data["warning"]
    assert any("\u0c00" <= char <= "\u0c7f" for char in telugu) and "84.00" in telugu


def test_a_price_at_or_above_the_cost_with_gst_does_not_warn(admin_user, bought):
    for query in ({"price": "100", "dprice": "84"}, {"price": "100"}):
        answer = check(admin_user, bought, **query)
        assert (answer.data["belowCost"], answer.data["warning"]) == (False, None)
    # The GST rate typed on the screen counts: at 18 % ₹90 is ₹76.27 before GST, under ₹80.
    assert check(admin_user, bought, price="100", dprice="90", gstRate="18").data["belowCost"] is True


def test_a_pack_whose_cost_is_unknown_never_warns(admin_user, pack):
    answer = check(admin_user, pack, price="1")
    assert answer.status_code == 200
    assert (answer.data["cost"], answer.data["belowCost"], answer.data["warning"]) == (None, False, None)


@pytest.mark.parametrize(
    "query",
    [{}, {"price": "ten"}, {"price": "-5"}, {"price": "100", "discount": "120"}, {"price": "100", "gstRate": "7"}],
)
def test_bad_figures_are_a_clear_400_in_the_staff_members_language(admin_user, bought, query):
    answer = check(admin_user, bought, language="te", **query)
    assert answer.status_code == 400, answer.data
    assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"])


def test_only_the_manager_checks_a_price(people, bought, django_assert_max_num_queries):
    for role, status in REFUSED.items():
        assert check(people[role], bought, price="100").status_code == status, role
    assert (
        client_for(people["manager"]).get("/api/inventory/packs/999999/price-check", {"price": "1"}).status_code == 404
    )
    client = client_for(people["manager"])
    with django_assert_max_num_queries(6):
        assert client.get(f"/api/inventory/packs/{bought.pk}/price-check", {"price": "100"}).status_code == 200


def test_the_warning_and_the_margins_read_one_cost_for_a_pack_with_two_batches(admin_user, pack, customer):
    """An older batch bought dearer (₹80, best before in 30 days) and the latest cheaper (₹60, in
    180 days): sales take the ₹80 batch first, so ₹70 loses money on the next sale although it is
    above the latest purchase's cost. The warning, the stock take's unit cost and the margins of
    that sale read the same ₹80 (`inventory.costing`, the catalog's selling order)."""
    from inventory.costing import pack_unit_cost
    from orders.models import OrderItem
    from orders.tests.conftest import give_address

    from .conftest import days
    from .test_margins import sell

    product = pack.detail.product
    product.gst_rate = 5
    product.save()
    stock_receive(pack=pack, qty=5, batch_no="DEAR", unit_cost_paise=8000, best_before=date.fromisoformat(days(30)))
    stock_receive(pack=pack, qty=5, batch_no="CHEAP", unit_cost_paise=6000, best_before=date.fromisoformat(days(180)))

    answer = check(admin_user, pack, price="100", dprice="70").data
    assert (answer["cost"], answer["costWithGst"], answer["belowCost"]) == (Decimal("80.00"), Decimal("84.00"), True)
    pack.refresh_from_db()
    assert pack_unit_cost(pack) == Decimal("80.00")

    sell(give_address(customer), pack, 5)  # at ₹90
    assert OrderItem.objects.get().cost_paise == 5 * 8000
    [row] = client_for(admin_user).get("/api/inventory/margins", {"days": 1, "by": "pack"}).data["categories"]
    assert row["cost"] == 5 * answer["cost"]

    # The dear batch sold, what is left on the shelf cost ₹60: the warning and the next sale read it.
    answer = check(admin_user, pack, price="100", dprice="70").data
    assert (answer["cost"], answer["belowCost"]) == (Decimal("60.00"), False)
    pack.refresh_from_db()
    assert pack_unit_cost(pack) == Decimal("60.00")
