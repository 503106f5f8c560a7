import pytest

from common.ids import as_row_id


@pytest.mark.parametrize(("ref", "expected"), [("12", 12), (" 7 ", 7), (42, 42), ("9" * 18, int("9" * 18))])
def test_ascii_digits_are_ids(ref, expected):
    assert as_row_id(ref) == expected


@pytest.mark.parametrize("ref", ["¹", "١٢", "0", "-3", "1.5", "abc", "", "9" * 19, "12a"])
def test_anything_else_is_not_an_id(ref):
    assert as_row_id(ref) is None


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("method", "url", "message"),
    [
        ("get", "/api/products/%C2%B9", "Product not found"),
        ("delete", "/api/products/%C2%B9", "Product not found"),
        ("get", "/api/products/99999999999999999999", "Product not found"),
        ("put", "/api/users/%C2%B9/address", "User not found"),
        ("get", "/api/users/99999999999999999999", "User not found"),
    ],
)
def test_odd_ids_in_urls_answer_404_not_500(as_user, admin_user, method, url, message):
    response = getattr(as_user(admin_user), method)(url, {"street": "x"}, format="json")

    assert (response.status_code, response.json()) == (404, {"message": message})


@pytest.mark.django_db
def test_a_pack_id_too_large_for_the_database_is_a_400(api_client):
    body = {"items": [{"productId": "1", "brandId": "1", "financialId": "9" * 30}]}

    response = api_client.post("/api/products/financials/batch", body, format="json")

    assert response.status_code == 400
    assert "financialId" in response.json()["message"]
