// Budget-friendly packages, six at a time; six more each time the end marker scrolls into view,
// until none are left.
import EndMarker from "../../components/EndMarker";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import ProductGrid from "../../components/ProductGrid";
import { useT } from "../../lib/i18n";
import { usePagedProducts } from "../../lib/paged";

export const BUDGET_CATEGORY = "BUDGET FRIENDLY PACKAGES";
export const BUDGET_PAGE_SIZE = 6;

const budgetPage = (page) =>
  `/api/products/categories/${encodeURIComponent(BUDGET_CATEGORY)}/products?pageNumber=${page}&pageSize=${BUDGET_PAGE_SIZE}`;

export default function BudgetGrid() {
  const t = useT();
  const { products, loading, done, error, loadMore } = usePagedProducts(budgetPage);
  return (
    <section className="section" aria-labelledby="budget-heading">
      <div className="section__title">
        <h2 id="budget-heading">{t("home.budget")}</h2>
        <a href={`/category/${encodeURIComponent(BUDGET_CATEGORY)}`}>{t("home.viewAll")}</a>
      </div>
      <div data-testid="budget-grid">
        <ProductGrid products={products} />
      </div>
      {error && <Message variant="danger">{error}</Message>}
      {loading && <Loader />}
      <EndMarker onVisible={loadMore} enabled={!loading && !done && !error} />
    </section>
  );
}
