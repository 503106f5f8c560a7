"""Document series per financial year (`orders.series`): 1 April in India's time starts a new year
of every series, numbers run without gaps or repeats, and a rolled-back document frees its number."""

import threading
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, transaction

from orders.models import DocumentSeries, Order
from orders.series import financial_year, parse_number, series_next, series_reserve

IST = ZoneInfo("Asia/Kolkata")
LAST_SECOND_OF_FY = datetime(2028, 3, 31, 23, 59, 59, tzinfo=IST)
FIRST_SECOND_OF_FY = datetime(2028, 4, 1, 0, 0, 0, tzinfo=IST)


@pytest.mark.parametrize(
    ("on", "fy"),
    [
        (LAST_SECOND_OF_FY, "2027-28"),
        (FIRST_SECOND_OF_FY, "2028-29"),
        # 1 April 00:00 IST is still 31 March in UTC: the year follows India's clock.
        (datetime(2028, 3, 31, 18, 30, 0, tzinfo=UTC), "2028-29"),
        (datetime(2028, 3, 31, 18, 29, 59, tzinfo=UTC), "2027-28"),
        (date(2099, 12, 31), "2099-00"),
        (date(2027, 1, 15), "2026-27"),
    ],
)
def test_the_financial_year_starts_on_1_april_in_india(on, fy):
    assert financial_year(on) == fy


def test_numbers_run_per_key_and_year_and_restart_on_1_april(db):
    numbers = [
        series_next(key="SMLR", on=LAST_SECOND_OF_FY),
        series_next(key="SMLR", on=LAST_SECOND_OF_FY),
        series_next(key="CN", on=LAST_SECOND_OF_FY),
        series_next(key="SMLR", on=FIRST_SECOND_OF_FY),
    ]
    assert numbers == ["SMLR/2027-28/000001", "SMLR/2027-28/000002", "CN/2027-28/000001", "SMLR/2028-29/000001"]
    assert parse_number(numbers[-1]) == ("SMLR", "2028-29", 1)


def test_a_rolled_back_document_frees_its_number(db):
    series_next(key="CTR1", on=FIRST_SECOND_OF_FY)
    with pytest.raises(RuntimeError), transaction.atomic():
        series_next(key="CTR1", on=FIRST_SECOND_OF_FY)
        raise RuntimeError("the bill failed after its number")
    assert series_next(key="CTR1", on=FIRST_SECOND_OF_FY) == "CTR1/2028-29/000002"


def test_a_block_reserved_comes_out_of_the_series(db):
    series_next(key="CTR2", on=FIRST_SECOND_OF_FY)
    block = series_reserve(key="CTR2", on=FIRST_SECOND_OF_FY, count=3)
    assert block.numbers() == ["CTR2/2028-29/000002", "CTR2/2028-29/000003", "CTR2/2028-29/000004"]
    assert series_next(key="CTR2", on=FIRST_SECOND_OF_FY) == "CTR2/2028-29/000005"
    with pytest.raises(ValueError):
        series_reserve(key="CTR2", on=FIRST_SECOND_OF_FY, count=0)


def test_an_order_at_2359_59_on_31_march_and_one_at_midnight_get_their_own_years(
    monkeypatch, shopper, packs, place_order
):
    clock = {"now": LAST_SECOND_OF_FY}
    monkeypatch.setattr("django.utils.timezone.now", lambda: clock["now"])
    march = place_order(shopper, (packs.oil_1l, 1))
    clock["now"] = FIRST_SECOND_OF_FY
    april = place_order(shopper, (packs.oil_1l, 1))

    assert (march.invoice_number, april.invoice_number) == ("SMLR/2027-28/000001", "SMLR/2028-29/000001")
    assert Order.objects.get(pk=march.pk).created_at == LAST_SECOND_OF_FY
    assert Order.objects.get(pk=april.pk).created_at == FIRST_SECOND_OF_FY


def test_a_credit_note_is_numbered_in_the_year_it_is_issued(monkeypatch, shopper, packs, place_order):
    from orders.credit_notes import credit_note_issue

    clock = {"now": LAST_SECOND_OF_FY}
    monkeypatch.setattr("django.utils.timezone.now", lambda: clock["now"])
    order = place_order(shopper, (packs.oil_1l, 2))
    clock["now"] = FIRST_SECOND_OF_FY
    with transaction.atomic():
        note = credit_note_issue(order=order, lines=[(order.items.get(), 1)], reason="returned", by=None)
    assert note.number == "CN/2028-29/000001"
    assert note.invoice_number == "SMLR/2027-28/000001"


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_numbers_taken_at_once_never_repeat_or_leave_a_gap():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    got: list[str] = []
    barrier = threading.Barrier(8)

    def take():
        try:
            barrier.wait()
            for _ in range(5):
                with transaction.atomic():
                    got.append(series_next(key="RACE", on=FIRST_SECOND_OF_FY))
        finally:
            connection.close()

    threads = [threading.Thread(target=take) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(got) == [f"RACE/2028-29/{n:06d}" for n in range(1, 41)]
    assert DocumentSeries.objects.get(key="RACE").last_number == 40


def test_the_channel_defaults_to_website_and_is_on_the_wire_for_staff_only(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    assert order.channel == Order.Channel.WEBSITE
    staff = as_user(admin_user).get(f"/api/orders/{order.public_id}").json()
    mine = as_user(shopper).get(f"/api/orders/{order.public_id}").json()
    assert staff["channel"] == "website"
    assert "channel" not in mine
