"""GET /api/admin/products: the staff's product list, found among thousands by name, brand,
category or low stock; never cached; constant queries."""

import pytest

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

URL = "/api/admin/products"


@pytest.fixture
def shelf():
    oils, rice = make_category("OILS"), make_category("RICE")
    return {
        "sunflower": make_product("Sunflower Oil", category=oils, brands={"Freedom": [("1", "l", "150", "140", 40)]}),
        "groundnut": make_product(
            "Groundnut Oil",
            category=oils,
            brands={"Dhara": [("1", "l", "200", "180", 3), ("5", "l", "900", "850", 30)]},
        ),
        "sona": make_product("Sona Masoori", category=rice, brands={"India Gate": [("10", "kg", "700", "650", 0)]}),
        "basmati": make_product("Basmati", category=rice, brands={"Daawat": [("1", "kg", "180", "170", 5)]}),
    }


def names(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [product["name"] for product in response.json()]


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("customer", 403), ("other_customer", 403)])
def test_only_admins_may_read_the_admin_list(request, as_user, who, status):
    user = None if who == "anonymous" else request.getfixturevalue(who)
    response = as_user(user).get(URL)
    assert response.status_code == status
    assert "message" in response.json()


def test_newest_first_with_brands_and_packs_never_cached(as_user, admin_user, shelf):
    response = as_user(admin_user).get(URL)
    assert names(response) == ["Basmati", "Sona Masoori", "Groundnut Oil", "Sunflower Oil"]
    groundnut = response.json()[2]
    assert [detail["brand"] for detail in groundnut["details"]] == ["Dhara"]
    assert [pack["countInStock"] for pack in groundnut["details"][0]["financials"]] == [3, 30]
    assert "no-store" in response["Cache-Control"] and "public" not in response["Cache-Control"]
    assert response["X-Total-Count"] == "4"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"keyword": "oil"}, ["Groundnut Oil", "Sunflower Oil"]),
        ({"keyword": "india gate"}, ["Sona Masoori"]),  # a brand
        ({"keyword": "RICE"}, []),  # the category name is the filter's job, not the search's
        ({"category": "rice"}, ["Basmati", "Sona Masoori"]),
        ({"category": "OILS", "keyword": "dhara"}, ["Groundnut Oil"]),
        ({"category": "no such"}, []),
        ({"lowStock": "true"}, ["Sona Masoori", "Groundnut Oil", "Basmati"]),  # 0, 3, 5 left
        ({"lowStock": "true", "category": "RICE"}, ["Sona Masoori", "Basmati"]),
    ],
)
def test_search_category_and_low_stock_filters(as_user, admin_user, shelf, query, expected):
    assert names(as_user(admin_user).get(URL, query)) == expected


def test_pages(as_user, admin_user, shelf):
    response = as_user(admin_user).get(URL, {"pageSize": 3, "pageNumber": 2})
    assert names(response) == ["Sunflower Oil"]
    assert 'rel="prev"' in response["Link"] and response["X-Total-Count"] == "4"


@pytest.mark.parametrize("query", [{"pageNumber": "0"}, {"lowStock": "maybe"}, {"keyword": "k" * 201}])
def test_bad_queries_are_a_clear_400(as_user, admin_user, query):
    response = as_user(admin_user).get(URL, query)
    assert response.status_code == 400
    assert isinstance(response.json()["message"], str)


@pytest.mark.parametrize("low_stock", [False, True])
def test_constant_queries(as_user, admin_user, django_assert_max_num_queries, low_stock):
    client = as_user(admin_user)
    make_product(brands={"A": [("1", "kg", "10", "9", 1)]})
    with django_assert_max_num_queries(5):  # the caller, count, products, brands, packs
        client.get(URL, {"lowStock": low_stock})
    for _ in range(15):
        make_product(
            brands={"A": [("1", "kg", "10", "9", 1), ("2", "kg", "19", "18", 2)], "B": [("1", "kg", "9", "9", 0)]}
        )
    with django_assert_max_num_queries(5):
        assert len(client.get(URL, {"lowStock": low_stock}).json()) == 16
