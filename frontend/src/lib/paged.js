// A product list that grows a page at a time (the home budget grid, the category page): the
// first page loads at once, each `loadMore()` appends the next, until the last page or an empty one.
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { useApi } from "./useApi";

const NOTHING_YET = { products: [], page: 0, done: false, meta: null };

function withPage(list, data, page) {
  const products = data.products ?? [];
  const pages = Number(data.pages) || 0;
  return {
    products: [...list.products, ...products],
    page,
    done: products.length === 0 || page >= pages,
    meta: data,
  };
}

export function usePagedProducts(urlForPage) {
  const [page, setPage] = useState(1);
  const { data, loading, error } = useApi(urlForPage(page));
  // A first page the server wrote into the page (lib/preloaded) is in the first render: the cards
  // are built once, in the island's first render (a transition, built in slices), not again in an
  // update after it that would build them all in one long task.
  const [list, setList] = useState(() => (data ? withPage(NOTHING_YET, data, 1) : NOTHING_YET));
  const appended = useRef(list.page);

  useEffect(() => {
    if (!data || appended.current === page) return;
    appended.current = page;
    // The next page's cards are built in slices too, the page staying responsive meanwhile.
    startTransition(() => setList((previous) => withPage(previous, data, page)));
  }, [data, page]);

  const busy = loading || list.page < page;
  const loadMore = useCallback(() => {
    if (busy || list.done || error) return;
    setPage((current) => current + 1);
  }, [busy, list.done, error]);

  return { ...list, loading: busy && !error, error, loadMore };
}
