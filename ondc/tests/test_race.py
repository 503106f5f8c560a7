"""On PostgreSQL: a network order and a website order racing for the last pack: one gets it, the
other a clear refusal (the website's 409 `out_of_stock`, the network's `on_confirm` error 40002);
a return sent twice at once opening one ticket; two catalog pushes at once sending each change once."""

import uuid

import pytest
from django.core.cache import cache

from catalog.models import Financial
from common.errors import Conflict
from ondc import pushing
from ondc.models import CatalogAudience, CatalogChange, NetworkOrder, NetworkReturn
from ondc.pushing import PUSHED, catalog_push
from ondc.tests.conftest import send
from ondc.tests.test_orders import _confirm, _quote_of
from ondc.tests.test_returns import _delivered, _return_update
from orders.models import Order
from orders.tests.conftest import place_order, shopper, together  # noqa: F401 (fixtures)
from support.models import Ticket

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


def test_a_return_sent_twice_at_once_opens_one_ticket(network, packs, admin_user):
    transaction_id, _ = _delivered(network, packs, admin_user)

    answers = together(
        [lambda: send(network, "update", _return_update(network, transaction_id, packs.rice_5kg.pk)) for _ in range(2)]
    )

    assert [answer.status_code for answer in answers] == [200, 200]
    assert Ticket.objects.count() == 1 and NetworkReturn.objects.count() == 1
    assert len(network.answers("on_update")) == 2


def test_two_pushes_at_once_send_each_change_once(network, packs):
    CatalogAudience.objects.create(bap_id="buyer.example.in", bap_uri=network.bap_uri, searched_at="2026-12-01T00:00Z")
    CatalogChange.objects.bulk_create(CatalogChange(financial_id=pack.pk) for pack in (packs.rice_5kg, packs.oil_1l))

    class IntervalOver:
        """Both get past the interval's guard, as two workers would just as its key expired: the lock decides."""

        def add(self, key, *args, **kwargs):
            return True if key == PUSHED else cache.add(key, *args, **kwargs)

        def __getattr__(self, name):
            return getattr(cache, name)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pushing, "cache", IntervalOver())
        pushed = together([catalog_push, catalog_push])

    assert sorted(len(messages) for messages in pushed) == [0, 1]
    assert not CatalogChange.objects.exists()
