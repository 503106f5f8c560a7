// The home list (/, /page/{n} and any unknown path): promotions, the category grid, Featured
// Categories and the budget-package grid. /page/{n} shows page n of every product instead of the
// promotions.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid from "../../components/ProductGrid";
import { useApi } from "../../lib/useApi";
import Banners from "./Banners";
import BudgetGrid from "./BudgetGrid";
import CategoryGrid, { CategoryGridSkeleton } from "./CategoryGrid";
import FeaturedCategories from "./FeaturedCategories";

export const HOME_HEADING = "Fresh groceries, delivered in 24 hours";

export function pageNumberFrom(path) {
  const match = /^\/page\/(\d+)\/?$/.exec(path);
  return match ? Math.max(1, Number(match[1])) : null;
}

function useCatalog() {
  const names = useApi("/api/products/categories");
  const featured = useApi("/api/products/featured");
  const featuredList = featured.data?.categories ?? [];
  const images = new Map(featuredList.map((category) => [category.name, category.image]));
  const categories = names.error
    ? featuredList.map(({ name, image }) => ({ name, image }))
    : (names.data?.categories ?? []).map((name) => ({ name, image: images.get(name) }));
  return {
    loading: names.loading || featured.loading,
    error: names.error || featured.error,
    categories,
    featured: featuredList,
  };
}

function AllProductsPage({ page }) {
  const { data, loading, error } = useApi(`/api/products?keyword=&pageNumber=${page}`);
  return (
    <section className="section" aria-labelledby="all-products-heading">
      <h2 id="all-products-heading">All Products</h2>
      {loading && <Loader />}
      {error && <Message variant="danger">{error}</Message>}
      <ProductGrid products={data?.products ?? []} />
      <Pager page={page} pages={Number(data?.pages) || 0} hrefFor={(number) => `/page/${number}`} />
    </section>
  );
}

export default function Home({ path = window.location.pathname }) {
  const page = pageNumberFrom(path);
  const catalog = useCatalog();
  return (
    <div className="home">
      <h1 className="home__heading">{HOME_HEADING}</h1>
      {page === null && <Banners />}
      <section className="section" aria-labelledby="categories-heading">
        <h2 id="categories-heading">Shop by Category</h2>
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
