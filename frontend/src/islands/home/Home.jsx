// The home list (/, /page/{n} and any unknown path): promotions, the category grid, Featured
// Categories and the budget-package grid. /page/{n} shows page n of every product instead of the
// promotions.
import { Suspense, lazy } from "react";
import Message from "../../components/Message";
import { useUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import Banners from "./Banners";
import CategoryGrid, { CategoryGridSkeleton } from "./CategoryGrid";

// Your usual items are a signed-in shopper's only: loaded for them alone (its texts are the home area's).
const UsualItems = lazy(() => import(/* webpackChunkName: "usual-items" */ "./UsualItems"));
// What is below the first screen, with the product cards, comes in chunks of their own (issue 34).
const BelowTheFold = lazy(() => import(/* webpackChunkName: "home-below" */ "./BelowTheFold"));
const AllProductsPage = lazy(() => import(/* webpackChunkName: "home-all-products" */ "./AllProductsPage"));

/** A catalog key (lib/i18n.js). */
export const HOME_HEADING = "home.heading";

export function pageNumberFrom(path) {
  const match = /^\/page\/(\d+)\/?$/.exec(path);
  return match ? Math.max(1, Number(match[1])) : null;
}

function useCatalog() {
  const names = useApi("/api/products/categories");
  const featured = useApi("/api/products/featured");
  const featuredList = featured.data?.categories ?? [];
  const images = new Map(featuredList.map((category) => [category.name, category.image]));
  // Telugu names: the list's `categoriesTe` ({name: Telugu name}), else the featured entry's.
  const telugu = new Map(featuredList.map((category) => [category.name, category.nameTe]));
  const teluguName = (name) => names.data?.categoriesTe?.[name] || telugu.get(name) || "";
  const categories = names.error
    ? featuredList.map(({ name, nameTe, image }) => ({ name, nameTe, image }))
    : (names.data?.categories ?? []).map((name) => ({ name, nameTe: teluguName(name), image: images.get(name) }));
  return {
    loading: names.loading || featured.loading,
    error: names.error || featured.error,
    categories,
    featured: featuredList,
  };
}

export default function Home({ path = window.location.pathname }) {
  const t = useT();
  const page = pageNumberFrom(path);
  const signedIn = Boolean(useUserInfo());
  const catalog = useCatalog();
  return (
    <div className="home">
      <h1 className="home__heading">{t(HOME_HEADING)}</h1>
      {page === null && <Banners />}
      {page === null && signedIn && (
        <Suspense fallback={null}>
          <UsualItems />
        </Suspense>
      )}
      <section className="section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">{t("home.shopByCategory")}</h2>
        {catalog.loading ? <CategoryGridSkeleton /> : <CategoryGrid categories={catalog.categories} />}
        {catalog.error && <Message variant="danger">{catalog.error}</Message>}
      </section>
      <Suspense fallback={null}>
        {page === null ? <BelowTheFold featured={catalog.featured} /> : <AllProductsPage page={page} />}
      </Suspense>
    </div>
  );
}
