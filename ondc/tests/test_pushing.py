"""Packs that change are pushed to the buyer apps that searched: only those packs, coalesced, rate limited."""

from decimal import Decimal

import pytest

from catalog.models import Financial
from catalog.services.packs import financial_update
from ondc import pushing, tasks
from ondc.models import CatalogChange, NetworkMessage
from ondc.tasks import ondc_catalog_push
from ondc.tests.conftest import beckn, send


@pytest.fixture
def pushes(network):
    """The push tasks queued (with their countdown) instead of run: the test runs them when it says."""
    return network.pushes


def _searched(network, **intent_tags):
    message = {"intent": {"item": {"descriptor": {"name": "zzzz-nothing"}}}}
    if intent_tags:
        message["intent"]["tags"] = [
            {"code": "catalog_inc", "list": [{"code": key, "value": value} for key, value in intent_tags.items()]}
        ]
    assert send(network, "search", beckn(network, "search", message)).status_code == 200
    network.received.clear()


def _pushed_items(network) -> list[list[str]]:
    return [
        [item["id"] for provider in entry.body["message"]["catalog"]["bpp/providers"] for item in provider["items"]]
        for entry in network.answers("on_search")
    ]


def _price(pack: Financial, dprice: str) -> None:
    financial_update(financial=Financial.objects.get(pk=pack.pk), dprice=Decimal(dprice))


def test_a_price_change_is_pushed_holding_that_pack_only(network, packs, pushes, settings):
    settings.ONDC_CATALOG_PUSH_SECONDS = 30
    _searched(network)

    _price(packs.rice_5kg, "389.00")

    assert pushes == [{"countdown": 30}]
    ondc_catalog_push.run()
    assert _pushed_items(network) == [[str(packs.rice_5kg.pk)]]
    [pushed] = network.answers("on_search")
    assert pushed.signed_by_shop and pushed.body["context"]["bap_id"] == "buyer.example.in"
    [item] = pushed.body["message"]["catalog"]["bpp/providers"][0]["items"]
    assert item["price"]["value"] == "389.00"
    assert not CatalogChange.objects.exists()


def test_fifty_changes_in_a_burst_are_one_push(network, packs, pushes):
    _searched(network)
    rice, oil = packs.rice_5kg, packs.oil_1l

    for step in range(50):
        _price(rice if step % 2 else oil, f"{100 + step}.00")

    assert len(pushes) == 1
    ondc_catalog_push.run()
    [items] = _pushed_items(network)
    assert sorted(items) == sorted([str(rice.pk), str(oil.pk)])
    [item] = [
        entry
        for entry in network.answers("on_search")[0].body["message"]["catalog"]["bpp/providers"][0]["items"]
        if entry["id"] == str(rice.pk)
    ]
    assert item["price"]["value"] == "149.00"  # the last change's price


def test_a_push_too_soon_after_the_last_waits_its_turn(network, packs, pushes, settings):
    settings.ONDC_CATALOG_PUSH_SECONDS = 30
    _searched(network)
    _price(packs.rice_5kg, "389.00")
    ondc_catalog_push.run()
    network.received.clear()

    _price(packs.rice_5kg, "379.00")
    ondc_catalog_push.run()  # a worker that ran it early: the last push was less than 30 s ago

    assert network.answers("on_search") == []
    assert CatalogChange.objects.count() == 1
    assert pushes[-1] == {"countdown": 30}


def test_a_buyer_app_that_asked_to_stop_is_not_pushed_to(network, packs, pushes):
    _searched(network, mode="stop")

    _price(packs.rice_5kg, "389.00")
    ondc_catalog_push.run()

    assert network.answers("on_search") == []
    assert not NetworkMessage.objects.filter(direction="sent").exists()


def test_starting_the_pushes_is_answered_with_the_ack_alone(network, packs, pushes):
    payload = beckn(
        network, "search", {"intent": {"tags": [{"code": "catalog_inc", "list": [{"code": "mode", "value": "start"}]}]}}
    )

    assert send(network, "search", payload).status_code == 200

    assert network.answers("on_search") == []
    _price(packs.rice_5kg, "389.00")
    ondc_catalog_push.run()
    assert _pushed_items(network) == [[str(packs.rice_5kg.pk)]]


def test_with_ondc_off_a_change_queues_nothing(packs, settings, db, monkeypatch):
    pushes = []
    monkeypatch.setattr(ondc_catalog_push, "apply_async", lambda **options: pushes.append(options))
    settings.ONDC_ENABLED = False

    _price(packs.rice_5kg, "389.00")

    assert pushes == [] and not CatalogChange.objects.exists()


def test_run_inline_without_a_broker_a_push_too_soon_leaves_the_change_noted(network, packs, monkeypatch):
    """With no broker (tasks run inline), a push cannot wait out the interval: the second change
    stays noted for a later push rather than queueing pushes without end."""
    monkeypatch.delattr(ondc_catalog_push, "apply_async")  # the task's own: run inline, as with no broker
    runs = []
    monkeypatch.setattr(
        tasks, "catalog_push", lambda **options: runs.append(options) or pushing.catalog_push(**options)
    )
    _searched(network)

    _price(packs.rice_5kg, "389.00")
    _price(packs.rice_5kg, "379.00")

    assert _pushed_items(network) == [[str(packs.rice_5kg.pk)]]
    assert list(CatalogChange.objects.values_list("financial_id", flat=True)) == [packs.rice_5kg.pk]
    assert runs == [{"may_wait": False}, {"may_wait": False}]
