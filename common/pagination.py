"""One page of a list: the same page arithmetic for every paged list of the shop.

A list that must stay a bare JSON array carries its totals in headers (`page_headers`):
`X-Total-Count` is the number of rows in every page together; `Link` (RFC 8288) names the first,
previous, next and last pages with the same query and `pageNumber`/`pageSize`. Cross-origin
clients may read both (`CORS_EXPOSE_HEADERS` in settings).

How many rows a page of each list holds is set here and nowhere else (`PageSizes`): the selectors'
defaults, the request serializers' caps, the OpenAPI descriptions and the README's figures
(`common/tests/test_page_sizes.py` compares them) all read these. Every list honours a page of
up to `MOST_PAGE_SIZE` rows: the shop's existing client asks for 500 at once (its "Order Again"
screen) and reads the answer as the whole list.
"""

from dataclasses import dataclass
from math import ceil
from typing import Generic, TypeVar
from urllib.parse import urlencode

from django.db.models import QuerySet

T = TypeVar("T")


@dataclass(frozen=True)
class PageSizes:
    """A list's page: `default` rows when the request names no size, and at most `most`; a larger
    `pageSize` is taken as `most` (`common.fields.PageSizeField`), never refused. `whole_when_unpaged`:
    a request naming neither `pageNumber` nor `pageSize` gets `most` rows, so that a client that
    does not page reads every row up to the maximum (the headers still give the total)."""

    default: int
    most: int
    whole_when_unpaged: bool = False

    def describe(self) -> str:
        """The `pageSize` parameter's description in the API documentation."""
        described = f"1 or more, {self.default} when not given; above {self.most} it is {self.most}"
        if self.whole_when_unpaged:
            described += f"; {self.most} when neither pageNumber nor pageSize is given"
        return described


MOST_PAGE_SIZE = 500

PRODUCT_LIST = PageSizes(default=12, most=MOST_PAGE_SIZE)  # GET /api/products (keyword or not)
CATEGORY_PRODUCTS = PageSizes(default=24, most=MOST_PAGE_SIZE)  # GET /api/products/categories/{category}/products
ADMIN_PRODUCT_LIST = PageSizes(default=20, most=MOST_PAGE_SIZE)  # GET /api/admin/products
# The existing client's admin lists read GET /api/orders and GET /api/users whole (they have no
# pager): unpaged, each answers up to `most` rows; the shop's own screens ask for pages.
ADMIN_ORDER_LIST = PageSizes(default=20, most=MOST_PAGE_SIZE, whole_when_unpaged=True)  # GET /api/orders (admin)
USER_LIST = PageSizes(default=20, most=MOST_PAGE_SIZE, whole_when_unpaged=True)  # GET /api/users (admin)
REWARD_LIST = PageSizes(default=20, most=MOST_PAGE_SIZE)  # the admin's list of rewards (promotions)
TICKET_LIST = PageSizes(default=20, most=MOST_PAGE_SIZE)  # GET /api/support/tickets (admin: the queue)


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    page: int  # 1-based, as asked
    pages: int  # 0 when the list is empty
    total: int


def pages_for(total: int, page_size: int) -> int:
    """How many pages `total` rows fill, `page_size` a page (0 when there are none)."""
    return ceil(total / page_size)


def paginate(queryset: QuerySet, *, page: int, page_size: int) -> Page:
    """Rows of page `page` (1-based) of an ordered queryset: one COUNT, then one slice.

    A page past the end is empty rather than an error, so a list that shrank while someone paged
    through it answers an empty page instead of a 404.
    """
    total = queryset.count()
    pages = pages_for(total, page_size)
    start = (page - 1) * page_size
    items = list(queryset[start : start + page_size]) if start < total else []
    return Page(items=items, page=page, pages=pages, total=total)


TOTAL_COUNT_HEADER = "X-Total-Count"
PAGED_HEADERS = (TOTAL_COUNT_HEADER, "Link")


def page_headers(request, *, page: Page, page_size: int) -> dict[str, str]:
    """`X-Total-Count` and `Link` for `page` (`request` gives the path and the rest of the query)."""

    def url(number: int) -> str:
        query = request.GET.copy()
        query["pageNumber"] = str(number)
        query["pageSize"] = str(page_size)
        return request.build_absolute_uri(f"{request.path}?{urlencode(sorted(query.lists()), doseq=True)}")

    links = [("first", 1)]
    if 1 < page.page <= page.pages + 1:
        links.append(("prev", page.page - 1))
    if page.page < page.pages:
        links.append(("next", page.page + 1))
    links.append(("last", max(page.pages, 1)))
    return {
        TOTAL_COUNT_HEADER: str(page.total),
        "Link": ", ".join(f'<{url(number)}>; rel="{rel}"' for rel, number in links),
    }
