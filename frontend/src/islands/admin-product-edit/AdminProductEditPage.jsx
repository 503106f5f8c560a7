// Edit Product Details (spec section 2): Go Back to the product list; Name, Telugu name, Category,
// Description and its Telugu, Image (URL
// text plus a file chooser that uploads and fills in the returned URL), Brand, Discount, Price,
// Weight (the brand's sizes, with 'Select Weight' showing a manual Weight field), the pack's Unit
// (the units the shop config lists), Stock, its low-stock threshold and whether shoppers see it
// (issue 45); submit 'Update Details'. The product is read as staff read it (hidden ones too). The rules of the form are in editForm.js; the server checks and
// prices everything and its message is shown when it refuses. While a price is typed the server
// says whether it sells the pack below its latest cost, and its warning is shown under the prices.
import { Suspense, lazy, useEffect, useState } from "react";
import AdminEditFrame, { AdminForm } from "../../components/admin/AdminEditFrame";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { config } from "../../lib/config";
import { flash } from "../../lib/flash";
import { useT } from "../../lib/i18n";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { chooseSize, DECLARATIONS, editPayload, formFor, priceCheckPath, sizeLabel } from "./editForm";
import "../../components/admin/admin.css";

// The photo chooser beside the image's URL (with its progress bar and Cancel) is a chunk of its own,
// shown a moment after the form; its texts are the island's.
const ImageUpload = lazy(() => import(/* webpackChunkName: "image-upload" */ "./ImageUpload"));

/** A catalog key (lib/i18n.js). */
export const PRODUCT_UPDATED = "admin.productEdit.updated";
export const PRODUCT_LIST = "/admin/productlist";

/** The units a pack may be sold in (shop config), with the pack's own even if no longer one. */
function packUnits(current) {
  const units = config.packUnits ?? [];
  return !current || units.includes(current) ? units : [current, ...units];
}

/** The GST rates the server allows (shop config), with the product's own even if no longer one. */
function gstRates(current) {
  const rates = (config.gstRates ?? []).map(String);
  return current === "" || rates.includes(current) ? rates : [current, ...rates];
}

async function loadProduct(productRef, detailId, signal) {
  const path = `/api/products/${encodeURIComponent(productRef)}`;
  const [product, { categories }, { barcodes }] = await Promise.all([
    api(`/api/admin/products/${encodeURIComponent(productRef)}`, { signal, cache: "no-store" }),
    api("/api/products/categories", { signal }),
    api(`${path}/details/${encodeURIComponent(detailId)}/barcodes`, { signal }),
  ]);
  return { product, categories: categories ?? [], barcodes: barcodes ?? [] };
}

export default function AdminProductEditPage({ productRef, detailId, packId = "" }) {
  const t = useT();
  const loaded = useApi((signal) => loadProduct(productRef, detailId, signal), { key: `${productRef}|${detailId}` });
  const product = loaded.data?.product;
  const detail = product?.details?.find((item) => String(item._id) === String(detailId)) ?? null;
  const barcodes = loaded.data?.barcodes;
  const [form, setForm] = useState(null);
  useEffect(() => {
    if (product && detail) setForm(formFor(product, detail, packId, barcodes));
  }, [product, detail, packId, barcodes]);

  const save = useSubmit(
    async () => {
      const path = `/api/products/${encodeURIComponent(product._id)}/details/${encodeURIComponent(detail._id)}`;
      await api(path, { method: "PUT", body: editPayload(form, product, detail) });
      toast.success(t(PRODUCT_UPDATED));
      flash("success", t(PRODUCT_UPDATED));
      navigate(PRODUCT_LIST);
    },
    { leavesPage: true },
  );
  const priceCheck = useApi(priceCheckPath(form));
  const belowCost = priceCheck.error ? null : priceCheck.data?.warning;
  const set = (field) => (event) => setForm((current) => ({ ...current, [field]: event.target.value }));

  let body;
  if (loaded.error) body = <Message variant="danger">{loaded.error}</Message>;
  else if (!loaded.data) body = <Loader />;
  else if (!detail) body = <Message variant="danger">{t("product.brandMissing")}</Message>;
  else if (!form) body = <Loader />;
  else
    body = (
      <AdminForm save={save}>
        <div className="form-field">
          <label htmlFor="product-name">{t("register.name")}</label>
          <input id="product-name" type="text" value={form.name} onChange={set("name")} />
        </div>
        <div className="form-field">
          <label htmlFor="product-name-te">{t("admin.productEdit.nameTe")}</label>
          <input id="product-name-te" type="text" lang="te" value={form.nameTe} onChange={set("nameTe")} />
        </div>
        <div className="form-field">
          <label htmlFor="product-category">{t("admin.products.category")}</label>
          <select id="product-category" value={form.category} onChange={set("category")}>
            {!loaded.data.categories.includes(form.category) && <option value={form.category}>{form.category}</option>}
            {loaded.data.categories.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="product-description">{t("admin.productEdit.description")}</label>
          <textarea id="product-description" rows={3} maxLength={10000} value={form.description} onChange={set("description")} />
        </div>
        <div className="form-field">
          <label htmlFor="product-description-te">{t("admin.productEdit.descriptionTe")}</label>
          <textarea
            id="product-description-te"
            lang="te"
            rows={3}
            maxLength={10000}
            value={form.descriptionTe}
            onChange={set("descriptionTe")}
          />
        </div>
        <div className="form-row admin-form__numbers">
          <div className="form-field">
            <label htmlFor="product-hsn">{t("admin.productEdit.hsnCode")}</label>
            <input id="product-hsn" type="text" inputMode="numeric" maxLength={10} value={form.hsnCode} onChange={set("hsnCode")} />
          </div>
          <div className="form-field">
            <label htmlFor="product-gst-rate">{t("admin.productEdit.gstRate")}</label>
            <select id="product-gst-rate" value={form.gstRate} onChange={set("gstRate")} aria-describedby="product-gst-hint">
              {gstRates(form.gstRate).map((rate) => (
                <option key={rate} value={rate}>
                  {`${rate}%`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p className="form-hint" id="product-gst-hint">
          {t("admin.productEdit.gstHint")}
        </p>
        <div className="form-field">
          <label htmlFor="product-image">{t("admin.productEdit.image")}</label>
          <input id="product-image" type="text" value={form.image} onChange={set("image")} placeholder={t("admin.productEdit.imageUrl")} />
          <Suspense fallback={null}>
            <ImageUpload onUploaded={(url) => setForm((current) => ({ ...current, image: url }))} />
          </Suspense>
          {form.image && <img className="admin-form__preview" src={form.image} alt="" width="96" height="96" />}
        </div>
        <div className="form-field">
          <label htmlFor="product-brand">{t("product.brand")}</label>
          <input id="product-brand" type="text" value={form.brand} onChange={set("brand")} />
        </div>
        <div className="form-field">
          <label htmlFor="product-weight">{t("product.weight")}</label>
          <select
            id="product-weight"
            value={form.financialId}
            onChange={(event) => setForm((current) => chooseSize(current, detail, event.target.value, barcodes))}
          >
            <option value="">{t("product.selectWeight")}</option>
            {detail.financials.map((pack) => (
              <option key={pack._id} value={pack._id}>
                {sizeLabel(pack)}
              </option>
            ))}
          </select>
        </div>
        {!form.financialId && (
          <div className="form-field">
            <label htmlFor="product-manual-weight">{t("admin.productEdit.newWeight")}</label>
            <input
              id="product-manual-weight"
              type="number"
              min="0"
              step="any"
              value={form.manualQuantity}
              onChange={set("manualQuantity")}
            />
          </div>
        )}
        <div className="form-field">
          <label htmlFor="product-units">{t("admin.productEdit.units")}</label>
          <select id="product-units" value={form.units} onChange={set("units")}>
            {packUnits(form.units).map((units) => (
              <option key={units} value={units}>
                {units}
              </option>
            ))}
          </select>
        </div>
        <div className="form-row admin-form__numbers">
          <div className="form-field">
            <label htmlFor="product-discount">{t("product.discount")}</label>
            <input id="product-discount" type="number" step="any" value={form.discount} onChange={set("discount")} />
          </div>
          <div className="form-field">
            <label htmlFor="product-price">{t("invoice.price")}</label>
            <input id="product-price" type="number" step="any" value={form.price} onChange={set("price")} />
          </div>
          <div className="form-field">
            <label htmlFor="product-stock">{t("admin.productEdit.stock")}</label>
            <input id="product-stock" type="number" min="0" step="1" value={form.countInStock} onChange={set("countInStock")} />
          </div>
          <div className="form-field">
            <label htmlFor="product-low-stock">{t("admin.productEdit.lowStockThreshold")}</label>
            <input
              id="product-low-stock"
              type="number"
              min="0"
              step="1"
              value={form.lowStockThreshold}
              onChange={set("lowStockThreshold")}
              placeholder={t("admin.productEdit.lowStockDefault")}
              aria-describedby="product-low-stock-hint"
            />
          </div>
        </div>
        <p className="form-hint" id="product-low-stock-hint">
          {t("admin.productEdit.lowStockHint")}
        </p>
        <label className="form-check">
          <input
            type="checkbox"
            id="product-pack-published"
            checked={form.packPublished}
            onChange={(event) => setForm((current) => ({ ...current, packPublished: event.target.checked }))}
          />{" "}
          {t("admin.productEdit.packPublished")}
        </label>
        <div aria-live="polite">{belowCost && <Message variant="warning">{belowCost}</Message>}</div>
        <div className="form-field">
          <label htmlFor="product-barcodes">{t("admin.productEdit.barcodes")}</label>
          <input
            id="product-barcodes"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={form.barcodes}
            onChange={set("barcodes")}
            aria-describedby="product-barcodes-hint"
          />
          <p className="form-hint" id="product-barcodes-hint">
            {t("admin.productEdit.barcodesHint")}
          </p>
          <label className="form-check">
            <input
              type="checkbox"
              checked={form.shopCode}
              onChange={(event) => setForm((current) => ({ ...current, shopCode: event.target.checked }))}
            />{" "}
            {t("admin.productEdit.shopCode")}
          </label>
        </div>
        <fieldset className="admin-form__declarations">
          <legend>{t("admin.productEdit.declarations")}</legend>
          {DECLARATIONS.map(([field, label, most]) => (
            <div className="form-field" key={field}>
              <label htmlFor={`product-${field}`}>{t(label)}</label>
              <input id={`product-${field}`} type="text" maxLength={most} value={form[field]} onChange={set(field)} />
            </div>
          ))}
        </fieldset>
        <button type="submit" className="btn btn--primary" disabled={save.busy}>
          {t("admin.productEdit.submit")}
        </button>
      </AdminForm>
    );

  return (
    <AdminEditFrame backHref={PRODUCT_LIST} title={t("admin.productEdit.title")}>
      {body}
    </AdminEditFrame>
  );
}
