import pytest

from common.errors import InvalidValue
from common.gstin import (
    CHECK_RULE,
    FORMAT_RULE,
    STATE_RULE,
    check_character,
    gstin_state,
    is_interstate_between,
    state_code,
    to_gstin,
)

VALID = "27AAPFU0939F1ZV"  # the GSTN's own worked example (Maharashtra)


def test_a_valid_gstin_is_kept_in_capitals_without_spaces():
    assert to_gstin(" 27aapfu0939f1zv ") == VALID
    assert to_gstin("27AAPFU 0939F1ZV") == VALID


def test_the_check_character_is_the_base_36_sum():
    assert check_character(VALID[:14]) == "V"
    # A shop's own GSTIN (Andhra Pradesh) made with the same rule checks too.
    andhra = "37AAPFU0939F1Z"
    assert to_gstin(andhra + check_character(andhra)) == andhra + check_character(andhra)


@pytest.mark.parametrize(
    "value",
    [
        "27AAPFU0939F1ZW",  # the last character slipped
        "27AAPFU0939F1ZA",
        "27AAPFU0993F1ZV",  # two digits swapped
        "27AAPUF0939F1ZV",  # two letters swapped
    ],
)
def test_a_typing_slip_fails_the_check_character(value):
    with pytest.raises(InvalidValue) as caught:
        to_gstin(value)
    assert caught.value.message == CHECK_RULE
    assert caught.value.extra == {"code": "gstin_check"}


@pytest.mark.parametrize(
    "value",
    [
        "",
        None,
        "27AAPFU0939F1Z",
        "27AAPFU0939F1ZVV",
        "2AAAPFU0939F1ZV",
        "27AAPFU0939F1YV",
        "27AAPF10939F1ZV",
        "27AAPFU0939F0ZV",
        "２７AAPFU0939F1ZV",
        27,
    ],
)
def test_anything_not_shaped_like_a_gstin_is_refused_as_such(value):
    with pytest.raises(InvalidValue) as caught:
        to_gstin(value)
    assert caught.value.message == FORMAT_RULE


def test_a_state_code_no_state_has_is_refused():
    for code in ("00", "25", "28", "99"):
        first14 = code + "AAPFU0939F1Z"
        with pytest.raises(InvalidValue) as caught:
            to_gstin(first14 + check_character(first14))
        assert caught.value.message == STATE_RULE


def test_the_state_code_says_intra_or_inter_state():
    assert gstin_state(VALID) == "Maharashtra"
    assert state_code("andhra pradesh ") == "37"
    assert state_code("Atlantis") == ""
    assert is_interstate_between(VALID, "Andhra Pradesh")
    assert not is_interstate_between(VALID, "Maharashtra")
    assert is_interstate_between(VALID, "")  # an unknown state is never assumed to be one's own
