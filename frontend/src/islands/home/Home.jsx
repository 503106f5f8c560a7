// The home list (/, /page/{n} and any unknown path): promotions, the category grid, Featured
// Categories and the budget-package grid. /page/{n} shows page n of every product instead of the
// promotions.
import { useEffect, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid from "../../components/ProductGrid";
import { api, errorMessage } from "../../lib/api";
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
  const [state, setState] = useState({ loading: true, error: "", categories: [], featured: [] });
  useEffect(() => {
    Promise.allSettled([api("/api/products/categories"), api("/api/products/featured")]).then(([names, featured]) => {
      const featuredList = featured.status === "fulfilled" ? featured.value?.categories ?? [] : [];
      const images = new Map(featuredList.map((category) => [category.name, category.image]));
      const categories =
        names.status === "fulfilled"
          ? (names.value?.categories ?? []).map((name) => ({ name, image: images.get(name) }))
          : featuredList.map(({ name, image }) => ({ name, image }));
      const failed = [names, featured].find((result) => result.status === "rejected");
      setState({ loading: false, error: failed ? errorMessage(failed.reason) : "", categories, featured: featuredList });
    });
  }, []);
  return state;
}

function AllProductsPage({ page }) {
  const [state, setState] = useState({ loading: true, error: "", products: [], pages: 0 });
  useEffect(() => {
    api(`/api/products?keyword=&pageNumber=${page}`)
      .then((data) => setState({ loading: false, error: "", products: data?.products ?? [], pages: Number(data?.pages) || 0 }))
      .catch((error) => setState({ loading: false, error: errorMessage(error), products: [], pages: 0 }));
  }, [page]);
  return (
    <section className="section" aria-labelledby="all-products-heading">
      <h2 id="all-products-heading">All Products</h2>
      {state.loading && <Loader />}
      {state.error && <Message variant="danger">{state.error}</Message>}
      <ProductGrid products={state.products} />
      <Pager page={page} pages={state.pages} hrefFor={(number) => `/page/${number}`} />
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
