"""Every SMS text in both languages: the English is the shop's wording, the Telugu its translation."""

from datetime import date
from decimal import Decimal

import pytest
from django.utils import translation

from notifications.messages import ORDER_TEXTS, lucky_draw_won_text, order_text, otp_text


def test_the_otp_text_in_english_and_telugu():
    assert otp_text(code="123456", language="en", minutes=5) == (
        "Your SMLR Mart verification code is 123456. It expires in 5 minutes."
    )
    assert (
        otp_text(code="123456", language="te", minutes=5) == "మీ SMLR Mart ధృవీకరణ కోడ్ 123456. ఇది 5 నిమిషాల్లో గడువు ముగుస్తుంది."
    )


@pytest.mark.parametrize("event", sorted(ORDER_TEXTS))
def test_every_order_text_has_its_telugu(event):
    english = order_text(
        event=event,
        order_id="AB12",
        invoice_number="SMLR/2026-27/000012",
        total=Decimal("1234.5"),
        reason="Out of area",
        language="en",
    )
    telugu = order_text(
        event=event,
        order_id="AB12",
        invoice_number="SMLR/2026-27/000012",
        total=Decimal("1234.5"),
        reason="Out of area",
        language="te",
    )
    assert english.startswith("Your SMLR Mart order SMLR/2026-27/000012")
    assert telugu.startswith("మీ SMLR Mart ఆర్డర్ SMLR/2026-27/000012")
    assert "AB12" not in english.replace("/order/AB12", "")


def test_the_placed_text_keeps_the_indian_number_format_in_telugu():
    text = order_text(
        event="placed", order_id="AB12", invoice_number="SMLR/2026-27/000012", total=Decimal("1234.5"), language="te"
    )
    assert text == (
        "మీ SMLR Mart ఆర్డర్ SMLR/2026-27/000012 (₹1,234.50) నమోదైంది. 24 గంటల్లో డెలివరీ చేస్తాము. ఇక్కడ చూడండి: http://127.0.0.1:8000/order/AB12"
    )


def test_the_lucky_draw_text_names_the_month_in_the_customers_language():
    english = lucky_draw_won_text(promotion="Dairy Gold Coin Offer", month=date(2026, 10, 1), language="en")
    telugu = lucky_draw_won_text(promotion="Dairy Gold Coin Offer", month=date(2026, 10, 1), language="te")
    assert "won the Dairy Gold Coin Offer lucky draw for October 2026." in english
    assert "అక్టోబర్ 2026 నెల Dairy Gold Coin Offer లక్కీ డ్రాలో గెలిచింది" in telugu


def test_a_text_is_in_the_language_asked_for_whatever_is_active():
    with translation.override("te"):
        assert otp_text(code="111111", language="en", minutes=5).startswith("Your SMLR Mart verification code")
    assert translation.get_language() == "en"
