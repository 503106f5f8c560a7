"""Paging a list that must stay a bare JSON array: the totals travel in headers.

`X-Total-Count` is the number of rows in every page together; `Link` (RFC 8288) names the first,
previous, next and last pages with the same query and `pageNumber`/`pageSize`. Cross-origin
clients may read both (`CORS_EXPOSE_HEADERS` in settings).
"""

from urllib.parse import urlencode

TOTAL_COUNT_HEADER = "X-Total-Count"
PAGED_HEADERS = (TOTAL_COUNT_HEADER, "Link")


def page_headers(request, *, page: int, pages: int, page_size: int, total: int) -> dict[str, str]:
    """`X-Total-Count` and `Link` for page `page` of `pages` (`request` gives the path and query)."""

    def url(number: int) -> str:
        query = request.GET.copy()
        query["pageNumber"] = str(number)
        query["pageSize"] = str(page_size)
        return request.build_absolute_uri(f"{request.path}?{urlencode(sorted(query.lists()), doseq=True)}")

    links = [("first", 1)]
    if 1 < page <= pages + 1:
        links.append(("prev", page - 1))
    if page < pages:
        links.append(("next", page + 1))
    links.append(("last", max(pages, 1)))
    return {
        TOTAL_COUNT_HEADER: str(total),
        "Link": ", ".join(f'<{url(number)}>; rel="{rel}"' for rel, number in links),
    }
