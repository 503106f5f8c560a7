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
