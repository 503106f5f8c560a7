// A product list that grows a page at a time (the home budget grid, the category page): the
// first page loads at once, each `loadMore()` appends the next, until the last page or an empty one.
import { useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "./useApi";

export function usePagedProducts(urlForPage) {
  const [page, setPage] = useState(1);
  const [list, setList] = useState({ products: [], page: 0, done: false, meta: null });
  const { data, loading, error } = useApi(urlForPage(page));
  const appended = useRef(0);

  useEffect(() => {
    if (!data || appended.current === page) return;
    appended.current = page;
    const products = data.products ?? [];
    const pages = Number(data.pages) || 0;
    setList((previous) => ({
      products: [...previous.products, ...products],
      page,
      done: products.length === 0 || page >= pages,
      meta: data,
    }));
  }, [data, page]);

  const busy = loading || list.page < page;
  const loadMore = useCallback(() => {
    if (busy || list.done || error) return;
    setPage((current) => current + 1);
  }, [busy, list.done, error]);

  return { ...list, loading: busy && !error, error, loadMore };
}
