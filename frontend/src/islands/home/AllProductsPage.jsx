// Page n of every product (/page/{n}), in place of the home page's offers. A chunk of its own.
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import Pager from "../../components/Pager";
import ProductGrid from "../../components/ProductGrid";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";

export default function AllProductsPage({ page }) {
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
