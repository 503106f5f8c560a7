// Paged admin lists answer a bare JSON array and carry the page count in the RFC 8288 `Link`
// header (contracts §7): rel="last" names the last page.

/** The page count of a `Link` header's rel="last" entry, or null. */
export function lastPageFromLink(link) {
  const last = (link ?? "").split(",").find((part) => /rel="?last"?/.test(part));
  const match = last && /[?&]pageNumber=(\d+)/.exec(last);
  return match ? Number(match[1]) : null;
}

/** {rows, pages} of a list answer: the array and its page count (1 when the header says nothing). */
export function readPagedList(data, headers) {
  return { rows: Array.isArray(data) ? data : [], pages: lastPageFromLink(headers?.get?.("Link")) ?? 1 };
}

/** `path?query` with the non-empty values of `params` (pageNumber 1 is left out). */
export function withQuery(path, params) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (name === "pageNumber" && Number(value) <= 1) continue;
    query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
