// The home list (/, /page/{n} and any unknown path): promotions, the category grid, Featured
// Categories and the budget-package grid. /page/{n} shows page n of every product instead of the
// promotions.
import { Suspense, lazy } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid from "../../components/ProductGrid";
import { useUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import Banners from "./Banners";
import BudgetGrid from "./BudgetGrid";
import CategoryGrid, { CategoryGridSkeleton } from "./CategoryGrid";
import FeaturedCategories from "./FeaturedCategories";

// Your usual items are a signed-in shopper's only: loaded for them alone (its texts are the home area's).
const UsualItems = lazy(() => import(/* webpackChunkName: "usual-items" */ "./UsualItems"));

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

function AllProductsPage({ page }) {
  const t = useT();
  const { data, loading, error } = useApi(`/api/products?keyword=&pageNumber=${page}`);
  return (
    <section className="section" aria-labelledby="all-products-heading">
      <h2 id="all-products-heading">{t("home.allProducts")}</h2>
      {loading && <Loader />}
      {error && <Message variant="danger">{error}</Message>}
      <ProductGrid products={data?.products ?? []} />
      <Pager page={page} pages={Number(data?.pages) || 0} hrefFor={(number) => `/page/${number}`} />
    </section>
  );
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
      {page === null ? (
        <>
          <FeaturedCategories categories={catalog.featured} />
          <BudgetGrid />
        </>
      ) : (
        <AllProductsPage page={page} />
      )}
    </div>
  );
}
