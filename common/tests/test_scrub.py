"""Taking a person out of kept text (common/scrub.py): whole words only, the rest kept."""

from common.scrub import ERASED, identifiers, scrub_json, scrub_text


def test_a_name_is_taken_as_whole_words_never_inside_another_word():
    values = identifiers(names=["Char Ram"])
    assert scrub_text("CHARGED for Char, Rama and Ram", values) == f"CHARGED for {ERASED}, Rama and {ERASED}"


def test_a_phone_number_goes_in_its_usual_spellings_and_a_longer_reference_stays():
    values = identifiers(phones=["9876543210"])
    text = "9876543210 / +919876543210 / 09876543210 / 98765 43210 / ref 98765432101234"
    assert (
        scrub_text(text, values, free_text=False) == f"{ERASED} / {ERASED} / {ERASED} / {ERASED} / ref 98765432101234"
    )


def test_free_text_loses_any_email_and_mobile_number_too():
    assert scrub_text("mail x.y@shop.in or call +91-91234 56789", []) == f"mail {ERASED} or call {ERASED}"


def test_a_gateway_answer_keeps_its_money_and_ids():
    answer = {"amount": 120.5, "order_id": "P1", "customer_phone": "", "shipping_address": {"pincode": 533201}}
    assert scrub_json(answer, []) == {
        "amount": 120.5,
        "order_id": "P1",
        "customer_phone": "",
        "shipping_address": {"pincode": ERASED},
    }
