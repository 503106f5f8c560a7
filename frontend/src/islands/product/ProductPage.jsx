// The product page (/product/{slug}): choose brand, weight and number of packs (within the
// server's limit, config packLimits.productPage), see MRP,
// discount price, discount percent and the price for that many packs, and add it to the cart.
// The card that linked here may have passed brand, quantity, units and qty in the query string.
import { useEffect, useState } from "react";
import GoBack from "../../components/GoBack";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import ProductCard from "../../components/ProductCard";
import { addToCart } from "../../lib/cart";
import { config, packLimit } from "../../lib/config";
import { formatMoney, toNumber } from "../../lib/money";
import {
  allowedPackCount,
  cartItemFor,
  detailImage,
  inStock,
  packLabel,
  samePackSize,
  selectionFromQuery,
} from "../../lib/product";
import { useApi } from "../../lib/useApi";

export const BRAND_NOT_AVAILABLE = "Selected brand details are not available.";
export const QUANTITY_NOT_AVAILABLE = "Selected quantity details are not available.";

function packCounts() {
  const { min, max } = packLimit("productPage");
  return Array.from({ length: Math.max(0, max - min + 1) }, (_, index) => min + index);
}

export function slugFromPath(pathname) {
  const match = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (!match) return "";
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

const sizeValue = (pack) => `${pack.quantity}|${pack.units}`;

function defaultPack(detail) {
  return detail?.financials?.find(inStock) ?? detail?.financials?.[0] ?? null;
}

function initialSelection(product, preselect) {
  const details = product.details ?? [];
  const brand = preselect.brand ?? details[0]?.brand ?? "";
  const detail = details.find((candidate) => candidate.brand === brand);
  let size = null;
  if (preselect.quantity != null) size = { quantity: preselect.quantity, units: preselect.units };
  else {
    const pack = defaultPack(detail);
    if (pack) size = { quantity: pack.quantity, units: pack.units };
  }
  return { brand, size, qty: preselect.qty ?? 1 };
}

function ProductDetails({ product, preselect }) {
  const details = product.details ?? [];
  const [selection, setSelection] = useState(() => initialSelection(product, preselect));
  const [addedKey, setAddedKey] = useState(null);
  const detail = details.find((candidate) => candidate.brand === selection.brand) ?? null;
  const pack = detail?.financials?.find((candidate) => selection.size && samePackSize(candidate, selection.size.quantity, selection.size.units)) ?? null;
  const selectionKey = JSON.stringify([selection.brand, pack?._id ?? null, selection.qty]);
  const added = addedKey === selectionKey;

  const chooseBrand = (brand) => {
    const next = details.find((candidate) => candidate.brand === brand);
    const keep = next?.financials?.find((candidate) => selection.size && samePackSize(candidate, selection.size.quantity, selection.size.units));
    const packForBrand = keep ?? defaultPack(next);
    setSelection({ ...selection, brand, size: packForBrand ? { quantity: packForBrand.quantity, units: packForBrand.units } : null });
  };
  const chooseSize = (value) => {
    const chosen = detail?.financials?.find((candidate) => sizeValue(candidate) === value);
    if (chosen) setSelection({ ...selection, size: { quantity: chosen.quantity, units: chosen.units } });
  };
  const chooseQty = (value) => {
    const qty = Number(value);
    if (allowedPackCount("productPage", qty)) setSelection({ ...selection, qty });
  };
  const add = () => {
    if (!detail || !pack || !inStock(pack)) return;
    addToCart(cartItemFor(product, detail, pack, selection.qty));
    setAddedKey(selectionKey);
  };

  const discount = toNumber(pack?.Discount);
  const others = details.filter((candidate) => candidate !== detail && candidate.financials?.length);

  return (
    <>
      <div className="product-page__layout">
        <div className="product-page__media">
          {discount > 0 && <span className="product-card__badge">{discount}% off</span>}
          <img src={detailImage(product, detail)} alt={product.name} width="480" height="480" decoding="async" />
        </div>
        <div className="product-page__info">
          {product.category && (
            <a className="product-page__category" href={`/category/${encodeURIComponent(product.category)}`}>
              {product.category}
            </a>
          )}
          <h1 className="product-page__name">{product.name}</h1>
          {product.description && <p className="product-page__description">{product.description}</p>}

          <div className="product-page__choices">
            <div className="form-field">
              <label htmlFor="product-brand">Brand</label>
              <select id="product-brand" value={detail ? selection.brand : ""} onChange={(event) => chooseBrand(event.target.value)}>
                {!detail && (
                  <option value="" disabled>
                    Select Brand
                  </option>
                )}
                {details.map((candidate) => (
                  <option key={candidate._id} value={candidate.brand}>
                    {candidate.brand}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="product-weight">Weight</label>
              <select id="product-weight" value={pack ? sizeValue(pack) : ""} onChange={(event) => chooseSize(event.target.value)} disabled={!detail}>
                {!pack && (
                  <option value="" disabled>
                    Select Weight
                  </option>
                )}
                {(detail?.financials ?? []).map((candidate) => (
                  <option key={candidate._id} value={sizeValue(candidate)}>
                    {packLabel(candidate)}
                    {inStock(candidate) ? "" : " (Out of stock)"}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="product-packs">Number of Packs</label>
              <select id="product-packs" value={selection.qty} onChange={(event) => chooseQty(event.target.value)}>
                {packCounts().map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {!detail ? (
            <Message variant="danger">{BRAND_NOT_AVAILABLE}</Message>
          ) : !pack ? (
            <Message variant="danger">{QUANTITY_NOT_AVAILABLE}</Message>
          ) : (
            <div className="product-page__buy">
              <dl className="price-table">
                <div>
                  <dt>MRP</dt>
                  <dd data-testid="mrp">{discount > 0 ? <s>{formatMoney(pack.price)}</s> : formatMoney(pack.price)}</dd>
                </div>
                <div>
                  <dt>Discount Price</dt>
                  <dd data-testid="dprice">{formatMoney(pack.dprice)}</dd>
                </div>
                <div>
                  <dt>Discount</dt>
                  <dd data-testid="discount">{discount}%</dd>
                </div>
                <div className="price-table__total">
                  <dt>{`Price for ${selection.qty} ${selection.qty === 1 ? "pack" : "packs"}`}</dt>
                  <dd data-testid="packs-price">{formatMoney(toNumber(pack.dprice) * selection.qty)}</dd>
                </div>
              </dl>
              {inStock(pack) ? (
                <button type="button" className="btn btn--primary btn--block product-page__add" onClick={add} disabled={added}>
                  {added ? "Added to Cart" : "Add to Cart"}
                </button>
              ) : (
                <button type="button" className="btn btn--block product-page__add" disabled>
                  Out of stock
                </button>
              )}
            </div>
          )}
        </div>
      </div>

      {others.length > 0 && (
        <section className="section" aria-labelledby="similar-heading">
          <h2 id="similar-heading">Similar Items</h2>
          <div className="product-grid">
            {others.map((other) => (
              <div key={other._id} className="product-grid__cell">
                <ProductCard product={product} detail={other} />
              </div>
            ))}
          </div>
        </section>
      )}
    </>
  );
}


export default function ProductPage({ location = window.location }) {
  const slug = slugFromPath(location.pathname);
  const { data: product, loading, error } = useApi(`/api/products/${encodeURIComponent(slug)}`);

  useEffect(() => {
    if (product) document.title = `${product.name} | ${config.storeName}`;
  }, [product]);

  return (
    <div className="product-page">
      <GoBack />
      {loading && <Loader />}
      {error && <Message variant="danger">{error}</Message>}
      {product && <ProductDetails product={product} preselect={selectionFromQuery(location.search)} />}
    </div>
  );
}
