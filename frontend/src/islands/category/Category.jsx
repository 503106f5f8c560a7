// A category's products (/category/{categoryName}; `all` lists every product), loading more as the
// end of the list scrolls into view.
import { useEffect } from "react";
import EndMarker from "../../components/EndMarker";
import EnglishName from "../../components/EnglishName";
import GoBack from "../../components/GoBack";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import ProductGrid, { FIRST_SCREEN_CARDS } from "../../components/ProductGrid";
import { config } from "../../lib/config";
import { localName, t, useLanguage, useT } from "../../lib/i18n";
import { usePagedProducts } from "../../lib/paged";

export const CATEGORY_PAGE_SIZE = 24;

export function categoryFromPath(pathname) {
  const match = /^\/category\/(.+?)\/?$/.exec(pathname);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

export function categoryHeading(name, served) {
  if (name.toLowerCase() === "all") return t("home.allProducts");
  return served && served.toLowerCase() !== "all" ? served : name;
}


export default function Category({ pathname = window.location.pathname }) {
  const name = categoryFromPath(pathname);
  const { products, loading, done, error, meta, loadMore } = usePagedProducts(
    (page) => `/api/products/categories/${encodeURIComponent(name)}/products?pageNumber=${page}&pageSize=${CATEGORY_PAGE_SIZE}`,
  );
  const t = useT();
  const language = useLanguage();
  const english = categoryHeading(name, meta?.category);
  // In Telugu: the category's Telugu name (`categoryTe`) with the English one beside it.
  const { primary: heading, secondary } = localName({ name: english, nameTe: english === meta?.category ? meta?.categoryTe : "" }, language);
  useEffect(() => {
    document.title = `${heading} | ${config.storeName}`;
  }, [heading]);

  return (
    <div className="listing">
      <GoBack />
      <div className="page-heading">
        <h1>
          {heading}
          <EnglishName name={secondary} className="page-heading__english" />
        </h1>
      </div>
      {error && <Message variant="danger">{error}</Message>}
      {!loading && !error && done && products.length === 0 && <Message variant="info">{t("category.empty")}</Message>}
      <ProductGrid products={products} eager={FIRST_SCREEN_CARDS} heading={2} />
      {loading && <Loader />}
      <EndMarker onVisible={loadMore} enabled={!loading && !done && !error} />
    </div>
  );
}
