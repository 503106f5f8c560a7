// Search results for /search?query=, /search/{keyword} and /search/{keyword}/page/{n}. Suggestions
// handed over by the search box are shown as they are; otherwise the keyword search is fetched.
import { useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid from "../../components/ProductGrid";
import { api, errorMessage } from "../../lib/api";
import { config } from "../../lib/config";
import { takeHandedOverSuggestions } from "../../lib/search";

function decode(segment) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** { query, page, keywordRoute } from the page's location. */
export function searchFromLocation({ pathname, search }) {
  const match = /^\/search\/([^/]+)(?:\/page\/(\d+))?\/?$/.exec(pathname);
  if (match) return { query: decode(match[1]), page: match[2] ? Math.max(1, Number(match[2])) : 1, keywordRoute: true };
  return { query: new URLSearchParams(search).get("query") ?? "", page: 1, keywordRoute: false };
}

export const keywordPageHref = (query, page) => `/search/${encodeURIComponent(query)}/page/${page}`;

function useResults(query, page, keywordRoute) {
  const [state, setState] = useState(() => {
    const handed = !keywordRoute || page === 1 ? takeHandedOverSuggestions(query) : null;
    return handed
      ? { loading: false, error: "", products: handed.products, pages: 1, handedOver: true }
      : { loading: true, error: "", products: [], pages: 0, handedOver: false };
  });
  useEffect(() => {
    if (state.handedOver) return undefined;
    const controller = new AbortController();
    api(`/api/products?keyword=${encodeURIComponent(query)}&pageNumber=${page}`, { signal: controller.signal })
      .then((data) => setState({ loading: false, error: "", products: data?.products ?? [], pages: Number(data?.pages) || 0, handedOver: false }))
      .catch((error) => {
        if (error?.name !== "AbortError") setState({ loading: false, error: errorMessage(error), products: [], pages: 0, handedOver: false });
      });
    return () => controller.abort();
  }, [query, page, state.handedOver]);
  return state;
}

export default function Search({ location = window.location }) {
  const { query, page, keywordRoute } = searchFromLocation(location);
  const { loading, error, products, pages } = useResults(query, page, keywordRoute);
  const heading = `Search Results for "${query}"`;
  useEffect(() => {
    document.title = `${heading} | ${config.storeName}`;
  }, [heading]);

  return (
    <div className="listing">
      <div className="page-heading">
        <h1>{heading}</h1>
      </div>
      {loading && <Loader />}
      {error && <Message variant="danger">{error}</Message>}
      {!loading && !error && products.length === 0 && <Message variant="info">{`No products found for "${query}"`}</Message>}
      <ProductGrid products={products} />
      <Pager page={page} pages={pages} hrefFor={(number) => keywordPageHref(query, number)} />
    </div>
  );
}
