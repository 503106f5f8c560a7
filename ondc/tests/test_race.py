"""On PostgreSQL: a network order and a website order racing for the last pack: one gets it, the
other a clear refusal (the website's 409 `out_of_stock`, the network's `on_confirm` error 40002)."""

import uuid

import pytest

from catalog.models import Financial
from common.errors import Conflict
from ondc.models import NetworkOrder
from ondc.tests.test_orders import _confirm, _quote_of
from orders.models import Order
from orders.tests.conftest import place_order, shopper, together  # noqa: F401 (fixtures)

pytestmark = [pytest.mark.postgres]


@pytest.mark.parametrize("round_", range(3))
def test_the_last_pack_goes_to_one_of_a_network_and_a_website_order(network, packs, shopper, place_order, round_):  # noqa: F811
    Financial.objects.filter(pk=packs.rice_5kg.pk).update(count_in_stock=1)
    transaction_id = str(uuid.uuid4())
    quote = _quote_of(network, transaction_id, (packs.rice_5kg, 1))["message"]["order"]["quote"]

    network_call, website_call = together(
        [
            lambda: _confirm(network, transaction_id, f"NO-{round_}", quote, (packs.rice_5kg, 1)),
            lambda: place_order(shopper, (packs.rice_5kg, 1)),
        ]
    )

    assert network_call.status_code == 200  # the door takes it; the answer says what happened
    [on_confirm] = network.answers("on_confirm")
    network_won = NetworkOrder.objects.exists()
    website_won = isinstance(website_call, Order)
    assert network_won != website_won, (on_confirm.body, website_call)
    if network_won:
        assert isinstance(website_call, Conflict) and website_call.extra["code"] == "out_of_stock"
        assert "error" not in on_confirm.body
    else:
        assert on_confirm.body["error"]["code"] == "40002"
    assert Order.objects.count() == 1
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 0
