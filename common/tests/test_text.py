import ast

import pytest

from common.errors import InvalidValue
from common.text import clean_text, squeezed


@pytest.mark.parametrize(
    "value, text", [("  Toor \t Dal\n ", "Toor Dal"), (None, ""), ("", ""), (12, "12"), ("a  b   c", "a b c")]
)
def test_squeezed_makes_runs_of_whitespace_one_space(value, text):
    assert squeezed(value) == text


def test_clean_text_answers_the_squeezed_text():
    assert clean_text("  Sona   Masoori ", label="Name", max_length=20) == "Sona Masoori"


@pytest.mark.parametrize("value", ["", "   ", None])
def test_clean_text_refuses_empty_text_when_required(value):
    with pytest.raises(InvalidValue, match=r"^City is required\.$") as caught:
        clean_text(value, label="City", max_length=20)
    assert caught.value.status == 400


def test_clean_text_allows_empty_text_when_optional():
    assert clean_text("  ", label="Image", max_length=20, required=False) == ""


def test_clean_text_counts_length_after_squeezing():
    assert clean_text("ab    cd", label="Brand", max_length=5) == "ab cd"
    with pytest.raises(InvalidValue, match=r"^Brand must be at most 5 characters\.$"):
        clean_text("abc def", label="Brand", max_length=5)


@pytest.mark.parametrize("length", [0, 1, 300])
def test_a_reason_up_to_the_limit_is_kept_whole(length):
    from common.text import REASON_MAX_LENGTH, clean_reason

    assert REASON_MAX_LENGTH == 300
    assert clean_reason("  " + "x" * length + "  ") == "x" * length


def test_a_reason_over_the_limit_is_refused_never_cut():
    from common.errors import DomainError
    from common.text import clean_reason

    with pytest.raises(DomainError) as refused:
        clean_reason("x" * 301)
    assert refused.value.extra["code"] == "reason_too_long"


def test_an_empty_reason_is_refused_only_when_a_message_says_why():
    from common.errors import DomainError
    from common.text import clean_reason

    assert clean_reason("   ") == "" and clean_reason(None) == "" and clean_reason(["x"]) == ""
    with pytest.raises(DomainError) as refused:
        clean_reason(" ", required_message="Please give a reason.", required_code="reason_required")
    assert refused.value.extra["code"] == "reason_required" and str(refused.value) == "Please give a reason."


def test_no_module_cuts_a_reason_to_fit():
    """`reason[:N]` / `str(reason)[:N]` was how refunds and store credit kept a reason that was too long."""
    import ast

    from common.tests.tree import app_modules, words

    cuts = {
        f"{path}:{node.lineno}"
        for path, tree in app_modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Slice)
        and node.slice.lower is None
        and node.slice.upper is not None
        and "reason" in words(node.value)
        and _a_length(node.slice.upper)
    }
    assert cuts == set()


def _a_length(node) -> bool:
    """`REASON_MAX_LENGTH`, `max_length` or a number (`reason[:500]`, as the counter's return cut it)."""
    from common.tests.tree import words

    number = isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool)
    return number or "length" in words(node)


@pytest.mark.parametrize(
    "source", ["x = reason[:REASON_MAX_LENGTH]", "x = note_reason[:500]", "x = str(text)[:n.max_length]"]
)
def test_each_way_a_reason_was_cut_is_caught(source):
    node = next(node for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Subscript))
    assert _a_length(node.slice.upper)


def test_the_shops_own_reasons_are_stored_in_english_and_shown_in_the_readers_language():
    from django.utils.translation import override

    from common.text import ORDER_CANCELLED_REASON, TICKET_REASON, reason_shown, shop_reason

    stored = shop_reason(TICKET_REASON, number="T-2026-000001")
    assert stored == "Ticket T-2026-000001"
    with override("te"):
        assert reason_shown(stored) == "టికెట్ T-2026-000001"
        assert reason_shown(shop_reason(ORDER_CANCELLED_REASON, number="SMLR/2026-27/000004")) == (
            "ఆర్డర్ SMLR/2026-27/000004 రద్దయింది"
        )
        assert reason_shown("Ordered twice") == "Ordered twice"  # what a person typed stays as typed
        assert reason_shown("Ticket two words") == "Ticket two words"
    with override("en"):
        assert reason_shown(stored) == stored
