// A product list that grows a page at a time (the home budget grid, the category page): the
// first page loads at once, each `loadMore()` appends the next, until the last page or an empty one.
//
// Back to a long list: the browser restored the scroll position before the list had grown back
// (900 px became the end of the first page, 425 px). So the list remembers, per address, how many
// pages it showed and where the page was scrolled when the shopper left it; coming back with the
// Back button it loads as many pages again and then scrolls there itself.
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

const placeKey = () => `listPlace:${location.pathname}${location.search}`;

/** Where the list was when the shopper left it, when they came back with Back/Forward; else null. */
export function placeToRestore() {
  try {
    if (performance.getEntriesByType("navigation")[0]?.type !== "back_forward") return null;
    const place = JSON.parse(sessionStorage.getItem(placeKey()));
    return place?.pages >= 1 ? place : null;
  } catch {
    return null;
  }
}

export function usePagedProducts(urlForPage) {
  const [restoring, setRestoring] = useState(placeToRestore);
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

  // Leaving the page: remember how far the list went and where the page was scrolled (storage
  // full or off: Back shows the top of the list, as before).
  const shownPages = useRef(list.page);
  shownPages.current = list.page;
  useEffect(() => {
    history.scrollRestoration = "manual";
    const leave = () => {
      try {
        sessionStorage.setItem(placeKey(), JSON.stringify({ pages: shownPages.current, y: Math.round(scrollY) }));
      } catch {
        // nothing to restore then
      }
    };
    addEventListener("pagehide", leave);
    return () => removeEventListener("pagehide", leave);
  }, []);

  // Back again: grow the list to the pages it showed, then scroll to where the shopper was.
  useEffect(() => {
    if (!restoring || busy || error) return;
    if (!list.done && list.page < restoring.pages) setPage((current) => current + 1);
    else {
      setRestoring(null);
      requestAnimationFrame(() => scrollTo(0, restoring.y));
    }
  }, [restoring, busy, error, list.done, list.page]);

  return { ...list, loading: busy && !error, error, loadMore };
}
