// Search results for /search?query=, /search/{keyword} and /search/{keyword}/page/{n}. Suggestions
// handed over by the search box are shown as they are; otherwise the keyword search is fetched.
import { useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid, { FIRST_SCREEN_CARDS } from "../../components/ProductGrid";
import { config } from "../../lib/config";
import { useT } from "../../lib/i18n";
import { takeHandedOverSuggestions } from "../../lib/search";
import { useApi } from "../../lib/useApi";

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
  const [handed] = useState(() => (!keywordRoute || page === 1 ? takeHandedOverSuggestions(query) : null));
  const { data, loading, error } = useApi(
    handed ? null : `/api/products?keyword=${encodeURIComponent(query)}&pageNumber=${page}`,
  );
  if (handed) return { loading: false, error: "", products: handed.products, pages: 1, picked: handed.picked ?? null };
  return { loading, error, products: data?.products ?? [], pages: Number(data?.pages) || 0, picked: data?.picked ?? null };
}

export default function Search({ location = window.location }) {
  const t = useT();
  const { query, page, keywordRoute } = searchFromLocation(location);
  const { loading, error, products, pages, picked } = useResults(query, page, keywordRoute);
  const heading = t("search.results", { query });
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
      {!loading && !error && products.length === 0 && <Message variant="info">{t("search.none", { query })}</Message>}
      <ProductGrid products={products} eager={FIRST_SCREEN_CARDS} heading={2} picked={picked} />
      <Pager page={page} pages={pages} hrefFor={(number) => keywordPageHref(query, number)} />
    </div>
  );
}
