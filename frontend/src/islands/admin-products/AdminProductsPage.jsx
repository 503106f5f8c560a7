// Admin product list (spec section 2): products with their brand variants and packs, a pager,
// Create Product ('Are you sure you want to create a new product?'), add a brand or a pack (each
// makes an editable sample and opens its edit screen), delete a product or a brand ('Are you
// sure'), edit links. Staff find a product by name or brand, by category, by low stock (lowest
// first, the low packs marked as the server marks them) or hidden ones; the search lives in the
// address. Each row says whether shoppers see the product, with Publish / Hide (issue 45: a new
// product starts hidden; deleting one that orders hold hides it, and the server says so). Every
// write is the catalog API's.
import { useState } from "react";
import AdminList from "../../components/admin/AdminList";
import Pager from "../../components/Pager";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { readPagedList, withQuery } from "../../lib/listPages";
import { formatMoney } from "../../lib/money";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import "../../components/admin/admin.css";
import { packLabel } from "../../lib/packLabel";

// Catalog keys (lib/i18n.js).
export const CREATE_QUESTION = "admin.products.createQuestion";
export const PRODUCT_DELETED = "admin.products.deleted";
export const PRODUCT_ID_REQUIRED = "admin.products.idRequired";

export function readProductListQuery(search) {
  const query = new URLSearchParams(search);
  return {
    keyword: (query.get("keyword") ?? "").trim(),
    category: query.get("category") ?? "",
    lowStock: query.get("lowStock") === "true",
    hidden: query.get("hidden") === "true",
  };
}

export const listUrl = ({ page = 1, keyword, category, lowStock, hidden }) =>
  withQuery(page > 1 ? `/admin/productlist/${page}` : "/admin/productlist", { keyword, category, lowStock, hidden });

export const editUrl = (productId, detailId, packId) =>
  withQuery(`/admin/product/${encodeURIComponent(productId)}/edit/${encodeURIComponent(detailId)}`, { pack: packId });

const productPath = (productId) => `/api/products/${encodeURIComponent(productId)}`;

function PackList({ packs }) {
  const t = useT();
  return (
    <ul className="admin-packs">
      {packs.map((pack) => (
        <li key={pack._id} className={pack.published === false ? "admin-packs__pack--hidden" : undefined}>
          <span>
            {packLabel(pack)}
          </span>{" "}
          <span>{formatMoney(pack.dprice)}</span>{" "}
          <span className={pack.lowStock ? "admin-packs__stock admin-packs__stock--low" : "admin-packs__stock"}>
            {t("admin.products.stock", { count: pack.countInStock })}
            {pack.lowStock && ` · ${t("admin.products.packLow")}`}
          </span>
          {pack.published === false && (
            <>
              {" "}
              <span className="admin-badge admin-badge--hidden">{t("admin.products.packHidden")}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

export default function AdminProductsPage({ page = 1, keyword = "", category = "", lowStock = false, hidden = false }) {
  const t = useT();
  const list = useApi(withQuery("/api/admin/products", { keyword, category, lowStock, hidden, pageNumber: String(page) }));
  const categories = useApi("/api/products/categories");
  const { rows: products, pages } = readPagedList(list.data, list.headers);
  const [typed, setTyped] = useState(keyword);
  const action = useSubmit((work) => work(), { onError: (text) => toast.error(text) });

  const createProduct = () => {
    if (!window.confirm(t(CREATE_QUESTION))) return;
    action.submit(async () => {
      const product = await api("/api/products", { method: "POST" });
      navigate(editUrl(product._id, product.details[0]._id));
    });
  };
  const addBrand = (product) =>
    action.submit(async () => {
      const detail = await api(`${productPath(product._id)}/details`, { method: "POST", body: {} });
      navigate(editUrl(product._id, detail._id));
    });
  const addPack = (product, detail) =>
    action.submit(async () => {
      const pack = await api(`${productPath(product._id)}/details/${encodeURIComponent(detail._id)}/financials`, {
        method: "POST",
      });
      navigate(editUrl(product._id, detail._id, pack._id));
    });
  const deleteProduct = (product) => {
    if (!product?._id) {
      toast.error(t(PRODUCT_ID_REQUIRED));
      return;
    }
    if (!window.confirm(t("admin.areYouSure"))) return;
    action.submit(async () => {
      const answer = await api(productPath(product._id), { method: "DELETE" });
      // A product that orders hold is hidden instead; the server's message says so.
      if (answer?.deleted === false) toast.info(answer.message);
      else toast.success(t(PRODUCT_DELETED));
      list.reload();
    });
  };
  const setPublished = (product, published) =>
    action.submit(async () => {
      await api(productPath(product._id), { method: "PUT", body: { published } });
      toast.success(t(published ? "admin.products.publishedDone" : "admin.products.hiddenDone"));
      list.reload();
    });
  const deleteBrand = (product, detail) => {
    if (!window.confirm(t("admin.areYouSure"))) return;
    action.submit(async () => {
      const answer = await api(`${productPath(product._id)}/details/${encodeURIComponent(detail._id)}`, { method: "DELETE" });
      if (answer?.deleted === false) toast.info(answer.message);
      else toast.success(answer?.message || t("admin.products.brandDeleted"));
      list.reload();
    });
  };
  const search = (changes) => navigate(listUrl({ keyword, category, lowStock, hidden, ...changes, page: 1 }));

  return (
    <div className="admin-page">
      <div className="admin-head">
        <h1>{t("admin.nav.products")}</h1>
        <button type="button" className="btn btn--primary" disabled={action.busy} onClick={createProduct}>
          {t("admin.products.create")}
        </button>
      </div>
      <form
        className="admin-tools"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search({ keyword: typed.trim() });
        }}
      >
        <input
          type="search"
          aria-label={t("admin.products.searchLabel")}
          placeholder={t("admin.products.searchPlaceholder")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn btn--primary">
          {t("search.button")}
        </button>
        <select aria-label={t("admin.products.category")} value={category} onChange={(event) => search({ category: event.target.value })}>
          <option value="">{t("admin.products.allCategories")}</option>
          {(categories.data?.categories ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <label>
          <input type="checkbox" checked={lowStock} onChange={(event) => search({ lowStock: event.target.checked })} />
          {t("admin.products.lowStock")}
        </label>
        <label>
          <input type="checkbox" checked={hidden} onChange={(event) => search({ hidden: event.target.checked })} />
          {t("admin.products.hiddenOnly")}
        </label>
      </form>
      <AdminList list={list} rows={products} empty={t("admin.products.none")}>
        <table className="table admin-table admin-products">
          <thead>
            <tr>
              <th scope="col">{t("orders.id")}</th>
              <th scope="col">{t("admin.products.nameHeading")}</th>
              <th scope="col">{t("admin.products.categoryHeading")}</th>
              <th scope="col">{t("admin.products.statusHeading")}</th>
              <th scope="col">{t("admin.products.brandsHeading")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("orders.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product._id}>
                <td data-label={t("orders.id")} className="admin-id">
                  {product._id}
                </td>
                <td data-label={t("register.name")}>
                  <a href={`/product/${encodeURIComponent(product.slug)}`}>{product.name}</a>
                </td>
                <td data-label={t("admin.products.category")}>{product.category}</td>
                <td data-label={t("admin.products.statusHeading")}>
                  <div className="admin-status">
                    <span className={product.published ? "admin-badge admin-badge--published" : "admin-badge admin-badge--hidden"}>
                      {t(product.published ? "admin.products.published" : "admin.products.hidden")}
                    </span>{" "}
                    <button
                      type="button"
                      className="btn btn--small"
                      disabled={action.busy}
                      onClick={() => setPublished(product, !product.published)}
                      aria-label={t(product.published ? "admin.products.hideNamed" : "admin.products.publishNamed", { name: product.name })}
                    >
                      {t(product.published ? "admin.products.hide" : "admin.products.publish")}
                    </button>
                  </div>
                </td>
                <td data-label={t("admin.products.brands")}>
                  <div className="admin-brands">
                    {product.details.map((detail) => (
                      <div key={detail._id} className="admin-brand" aria-label={t("admin.products.brandGroup", { brand: detail.brand })} role="group">
                        <strong>{detail.brand}</strong>
                        <PackList packs={detail.financials} />
                        <div className="admin-actions">
                          <a className="btn btn--small" href={editUrl(product._id, detail._id)}>
                            {t("admin.edit")}
                          </a>
                          <button type="button" className="btn btn--small" disabled={action.busy} onClick={() => addPack(product, detail)}>
                            {t("admin.products.addPack")}
                          </button>
                          <button
                            type="button"
                            className="btn btn--small btn--danger"
                            disabled={action.busy}
                            onClick={() => deleteBrand(product, detail)}
                          >
                            {t("admin.products.deleteBrand")}
                          </button>
                        </div>
                      </div>
                    ))}
                  </div>
                </td>
                <td data-label={t("orders.actions")}>
                  <div className="admin-actions">
                    <button type="button" className="btn btn--small" disabled={action.busy} onClick={() => addBrand(product)}>
                      {t("admin.products.addBrand")}
                    </button>
                    <button
                      type="button"
                      className="btn btn--small btn--danger"
                      disabled={action.busy}
                      onClick={() => deleteProduct(product)}
                      aria-label={t("admin.deleteNamed", { name: product.name })}
                    >
                      {t("admin.delete")}
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </AdminList>
      <Pager page={page} pages={pages} hrefFor={(number) => listUrl({ page: number, keyword, category, lowStock, hidden })} />
    </div>
  );
}
