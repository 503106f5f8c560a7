import pytest
from django.db import transaction

from catalog.events import announce_packs_changed, packs_changed


@pytest.fixture
def received():
    calls = []

    def listener(sender, product_ids, financial_ids, **kwargs):
        calls.append((product_ids, financial_ids))

    packs_changed.connect(listener)
    yield calls
    packs_changed.disconnect(listener)


@pytest.mark.django_db(transaction=True)
def test_one_event_per_transaction_after_commit(received):
    with transaction.atomic():
        announce_packs_changed(product_ids=[1], financial_ids=[10])
        announce_packs_changed(product_ids=[2, 1], financial_ids=[20])
        assert received == []
    assert received == [(frozenset({1, 2}), frozenset({10, 20}))]


@pytest.mark.django_db(transaction=True)
def test_a_rolled_back_change_is_never_announced(received):
    with pytest.raises(RuntimeError), transaction.atomic():
        announce_packs_changed(product_ids=[1], financial_ids=[10])
        raise RuntimeError("roll back")
    with transaction.atomic():
        announce_packs_changed(product_ids=[3], financial_ids=[30])
    assert received == [(frozenset({3}), frozenset({30}))]


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_event_is_sent_at_once(received):
    announce_packs_changed(product_ids=[5], financial_ids=[50])
    assert received == [(frozenset({5}), frozenset({50}))]


@pytest.mark.django_db(transaction=True)
def test_a_failing_listener_does_not_break_the_writer(received, caplog):
    def broken(**kwargs):
        raise ValueError("listener bug")

    packs_changed.connect(broken)
    try:
        with transaction.atomic():
            announce_packs_changed(product_ids=[7])
    finally:
        packs_changed.disconnect(broken)
    assert received == [(frozenset({7}), frozenset())]
    assert "listener bug" in caplog.text
