// A product list that grows a page at a time (the home budget grid, the category page): the
// first page loads at once, each `loadMore()` appends the next, until the last page or an empty one.
import { useCallback, useEffect, useRef, useState } from "react";
import { api, errorMessage } from "./api";

export function usePagedProducts(urlForPage) {
  const [state, setState] = useState({ products: [], page: 0, done: false, loading: true, error: "", meta: null });
  const busy = useRef(false);
  const stateRef = useRef(state);
  stateRef.current = state;
  const urlRef = useRef(urlForPage);
  urlRef.current = urlForPage;

  const loadMore = useCallback(async () => {
    const current = stateRef.current;
    if (busy.current || current.done || current.error) return;
    busy.current = true;
    const next = current.page + 1;
    setState((previous) => ({ ...previous, loading: true }));
    try {
      const data = await api(urlRef.current(next));
      const products = data?.products ?? [];
      const pages = Number(data?.pages) || 0;
      setState((previous) => ({
        products: [...previous.products, ...products],
        page: next,
        done: products.length === 0 || next >= pages,
        loading: false,
        error: "",
        meta: data,
      }));
    } catch (error) {
      setState((previous) => ({ ...previous, loading: false, error: errorMessage(error) }));
    } finally {
      busy.current = false;
    }
  }, []);

  useEffect(() => {
    loadMore();
  }, [loadMore]);

  return { ...state, loadMore };
}
