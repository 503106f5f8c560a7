"""`catalog.after_commit`: one hook per transaction for each key, found again until it runs, and
forgotten with a rollback. Real transactions (`transaction=True`), on SQLite and PostgreSQL."""

import pytest
from django.db import transaction

from catalog import after_commit, caching, events
from catalog.events import announce_packs_changed, packs_changed

pytestmark = pytest.mark.django_db(transaction=True)


class Counter:
    def __init__(self):
        self.runs = 0

    def __call__(self):
        self.runs += 1


def _once(key: str = "test") -> Counter:
    """What a writer does: add to the pending action, or register one."""
    counter = after_commit.pending(key)
    if counter is None:
        counter = after_commit.on_commit_once(key, Counter())
    return counter


def test_one_hook_per_transaction_run_after_the_commit():
    with transaction.atomic():
        first = _once()
        assert _once() is first
        assert first.runs == 0
    assert first.runs == 1
    assert after_commit.pending("test") is None


def test_two_transactions_in_a_row_each_run_their_own():
    with transaction.atomic():
        first = _once()
    with transaction.atomic():
        second = _once()
        assert second is not first
    assert (first.runs, second.runs) == (1, 1)


def test_a_rolled_back_transaction_runs_nothing_and_the_next_registers_again():
    with pytest.raises(RuntimeError), transaction.atomic():
        lost = _once()
        raise RuntimeError("roll back")
    assert after_commit.pending("test") is None
    with transaction.atomic():
        kept = _once()
        assert kept is not lost
    assert (lost.runs, kept.runs) == (0, 1)


def test_a_rolled_back_savepoint_takes_its_hook_and_the_outer_block_registers_again():
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            inner = _once()
            raise RuntimeError("roll back the savepoint")
        outer = _once()
        assert outer is not inner
    assert (inner.runs, outer.runs) == (0, 1)


def test_a_hook_of_the_outer_block_is_found_in_an_inner_one_and_survives_its_rollback():
    with transaction.atomic():
        outer = _once()
        with transaction.atomic():
            assert _once() is outer
        with pytest.raises(RuntimeError), transaction.atomic():
            assert _once() is outer
            raise RuntimeError("roll back the savepoint")
        assert after_commit.pending("test") is outer
    assert outer.runs == 1


def test_outside_a_transaction_it_runs_at_once_and_nothing_stays_pending():
    first = _once()
    assert first.runs == 1
    assert after_commit.pending("test") is None
    assert _once() is not first


def test_keys_are_separate():
    with transaction.atomic():
        one, other = _once("one"), _once("other")
        assert one is not other
    assert (one.runs, other.runs) == (1, 1)


def test_what_a_hook_writes_after_the_commit_starts_afresh():
    seen = []

    def write_again():
        seen.append(after_commit.pending("test"))
        _once()

    with transaction.atomic():
        after_commit.on_commit_once("test", write_again)
    assert seen == [None]  # its own entry was gone before it ran; the write ran at once (autocommit)


@pytest.fixture
def heard():
    received = []

    def listener(sender, product_ids, financial_ids, **kwargs):
        received.append((product_ids, financial_ids))

    packs_changed.connect(listener)
    yield received
    packs_changed.disconnect(listener)


def test_announcements_of_two_transactions_in_a_row(heard):
    for ids in ([1, 2], [3]):
        with transaction.atomic():
            for product_id in ids:
                announce_packs_changed(product_ids=[product_id], financial_ids=[product_id * 10])
    assert heard == [(frozenset({1, 2}), frozenset({10, 20})), (frozenset({3}), frozenset({30}))]


def test_a_rolled_back_announcement_leaves_nothing_behind(heard):
    with pytest.raises(RuntimeError), transaction.atomic():
        announce_packs_changed(product_ids=[1], financial_ids=[10])
        raise RuntimeError("roll back")
    assert after_commit.pending(events.AFTER_COMMIT_KEY) is None
    with transaction.atomic():
        with pytest.raises(RuntimeError), transaction.atomic():
            announce_packs_changed(product_ids=[2], financial_ids=[20])
            raise RuntimeError("roll back the savepoint")
        announce_packs_changed(product_ids=[3], financial_ids=[30])
    assert heard == [(frozenset({3}), frozenset({30}))]


@pytest.fixture
def cache_drops(monkeypatch):
    drops = []
    new_version = caching._new_version
    monkeypatch.setattr(caching, "_new_version", lambda: drops.append(1) or new_version())
    return drops


def test_the_cache_is_dropped_at_each_write_and_once_after_each_commit(cache_drops):
    with transaction.atomic():
        caching.invalidate()
        caching.invalidate()
        assert len(cache_drops) == 2
    assert len(cache_drops) == 3
    with transaction.atomic():
        caching.invalidate()
    assert len(cache_drops) == 5


def test_a_rolled_back_write_drops_the_cache_only_at_once(cache_drops):
    with pytest.raises(RuntimeError), transaction.atomic():
        caching.invalidate()
        raise RuntimeError("roll back")
    assert len(cache_drops) == 1
    with transaction.atomic():
        caching.invalidate()
    assert len(cache_drops) == 3


def test_outside_a_transaction_the_cache_is_dropped_twice_at_once(cache_drops):
    caching.invalidate()
    assert len(cache_drops) == 2
