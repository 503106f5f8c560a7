// The product page (/product/{slug}): choose brand, weight and number of packs (within the
// server's limit, config packLimits.productPage, and the pack's stock as the server sends it:
// "Only 2 left" when the stock is the cap), see MRP,
// discount price, discount percent and the price for that many packs, and add it to the cart.
// The card that linked here may have passed brand, quantity, units and qty in the query string.
import { Suspense, lazy, useEffect, useState } from "react";
import GoBack from "../../components/GoBack";
import EnglishName from "../../components/EnglishName";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import ProductCard from "../../components/ProductCard";
import UnitPrice from "../../components/UnitPrice";
import { addToCart } from "../../lib/cart";
import { config, packLimit } from "../../lib/config";
import { localName, textsLoaded, useLanguage, useT } from "../../lib/i18n";
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

// "Notify me" and its texts come only when the chosen pack is out of stock.
const NotifyMeButton = lazy(() =>
  import(/* webpackChunkName: "notify-me" */ "../../components/NotifyMeButton").then(textsLoaded),
);

// Catalog keys (lib/i18n.js).
export const BRAND_NOT_AVAILABLE = "product.brandMissing";
export const QUANTITY_NOT_AVAILABLE = "product.quantityMissing";

/** The pack counts offered: the server's limit, at most the pack's stock (null: not known). */
export function packCounts(stock = null) {
  const { min, max } = packLimit("productPage");
  const top = stock == null ? max : Math.min(max, stock);
  return Array.from({ length: Math.max(0, top - min + 1) }, (_, index) => min + index);
}

/** The pack's stock as a whole number of packs (the server's countInStock). */
const packStock = (pack) => Math.max(0, Math.floor(toNumber(pack?.countInStock)));

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
  const t = useT();
  const language = useLanguage();
  const name = localName(product, language);
  const category = localName({ name: product.category, nameTe: product.categoryTe }, language).primary;
  const details = product.details ?? [];
  const [selection, setSelection] = useState(() => initialSelection(product, preselect));
  const [addedKey, setAddedKey] = useState(null);
  const detail = details.find((candidate) => candidate.brand === selection.brand) ?? null;
  const pack = detail?.financials?.find((candidate) => selection.size && samePackSize(candidate, selection.size.quantity, selection.size.units)) ?? null;
  const selectionKey = JSON.stringify([selection.brand, pack?._id ?? null, selection.qty]);
  const added = addedKey === selectionKey;
  const stock = pack ? packStock(pack) : null;
  const stockIsCap = stock != null && stock > 0 && stock < packLimit("productPage").max;
  // A count chosen before (a card's link, another pack size) that this pack's stock can't fill.
  const overStock = stock != null && stock > 0 && selection.qty > stock;
  const counts = packCounts(stock != null && stock > 0 ? stock : null);

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
    if (!detail || !pack || !inStock(pack) || overStock) return;
    addToCart(cartItemFor(product, detail, pack, selection.qty));
    setAddedKey(selectionKey);
  };

  const discount = toNumber(pack?.Discount);
  const others = details.filter((candidate) => candidate !== detail && candidate.financials?.length);

  return (
    <>
      <div className="product-page__layout">
        <div className="product-page__media">
          {discount > 0 && <span className="product-card__badge">{t("card.off", { discount })}</span>}
          <img src={detailImage(product, detail)} alt={product.name} width="480" height="480" decoding="async" />
        </div>
        <div className="product-page__info">
          {product.category && (
            <a className="product-page__category" href={`/category/${encodeURIComponent(product.category)}`}>
              {category}
            </a>
          )}
          <h1 className="product-page__name">
            {name.primary}
            <EnglishName name={name.secondary} className="product-page__english" />
          </h1>
          <Description product={product} />

          <div className="product-page__choices">
            <div className="form-field">
              <label htmlFor="product-brand">{t("product.brand")}</label>
              <select id="product-brand" value={detail ? selection.brand : ""} onChange={(event) => chooseBrand(event.target.value)}>
                {!detail && (
                  <option value="" disabled>
                    {t("product.selectBrand")}
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
              <label htmlFor="product-weight">{t("product.weight")}</label>
              <select id="product-weight" value={pack ? sizeValue(pack) : ""} onChange={(event) => chooseSize(event.target.value)} disabled={!detail}>
                {!pack && (
                  <option value="" disabled>
                    {t("product.selectWeight")}
                  </option>
                )}
                {(detail?.financials ?? []).map((candidate) => (
                  <option key={candidate._id} value={sizeValue(candidate)}>
                    {packLabel(candidate)}
                    {inStock(candidate) ? "" : t("product.optionOutOfStock")}
                  </option>
                ))}
              </select>
            </div>
            <div className="form-field">
              <label htmlFor="product-packs">{t("product.packs")}</label>
              <select id="product-packs" value={selection.qty} onChange={(event) => chooseQty(event.target.value)}>
                {(overStock ? [...counts, selection.qty] : counts).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {stockIsCap && !overStock && <p className="product-page__stock-note">{t("product.onlyLeft", { count: stock })}</p>}

          {!detail ? (
            <Message variant="danger">{t(BRAND_NOT_AVAILABLE)}</Message>
          ) : !pack ? (
            <Message variant="danger">{t(QUANTITY_NOT_AVAILABLE)}</Message>
          ) : (
            <div className="product-page__buy">
              <dl className="price-table">
                <div>
                  <dt>{t("product.mrp")}</dt>
                  <dd data-testid="mrp">{discount > 0 ? <s>{formatMoney(pack.price)}</s> : formatMoney(pack.price)}</dd>
                </div>
                <div>
                  <dt>{t("product.discountPrice")}</dt>
                  <dd data-testid="dprice">{formatMoney(pack.dprice)}</dd>
                </div>
                {/* A pack sold at its MRP has no discount to state ("Discount 0%"). */}
                {discount > 0 && (
                  <div>
                    <dt>{t("product.discount")}</dt>
                    <dd data-testid="discount">{discount}%</dd>
                  </div>
                )}
                <div>
                  <dt>{t("product.unitPrice")}</dt>
                  <dd>
                    <UnitPrice pack={pack} />
                  </dd>
                </div>
                <div className="price-table__total">
                  <dt>{t("product.priceFor", { count: selection.qty })}</dt>
                  <dd data-testid="packs-price">{formatMoney(toNumber(pack.dprice) * selection.qty)}</dd>
                </div>
              </dl>
              {overStock && (
                <Message variant="warning">{t("product.moreThanStock", { count: stock, qty: selection.qty })}</Message>
              )}
              {inStock(pack) ? (
                <button type="button" className="btn btn--primary btn--block product-page__add" onClick={add} disabled={added || overStock}>
                  {added ? t("product.added") : t("card.addToCart")}
                </button>
              ) : (
                <>
                  <button type="button" className="btn btn--block product-page__add" disabled>
                    {t("card.outOfStock")}
                  </button>
                  <Suspense fallback={null}>
                    <NotifyMeButton pack={pack} className="btn btn--primary btn--block product-page__notify" />
                  </Suspense>
                </>
              )}
            </div>
          )}
        </div>
      </div>

      {detail && <Declarations detail={detail} pack={pack} />}

      {others.length > 0 && (
        <section className="section" aria-labelledby="similar-heading">
          <h2 id="similar-heading">{t("product.similar")}</h2>
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

// The description in the page's language: on a Telugu page the Telugu one, else the English
// one marked as English (catalog data, like the English name beside a Telugu one).
function Description({ product }) {
  const language = useLanguage();
  const telugu = language === "te" ? product.descriptionTe?.trim() : "";
  if (telugu) return <p className="product-page__description">{telugu}</p>;
  if (!product.description) return null;
  return (
    <p className="product-page__description" lang="en">
      {product.description}
    </p>
  );
}

// The declarations Legal Metrology rule 6(10) asks a listing to show, as the brand's packs carry
// them: quoted from the pack, so in the pack's English (`lang="en"`) on a Telugu page too; the
// net quantity and MRP are the shop's own figures.
function Declarations({ detail, pack }) {
  const t = useT();
  const declared = detail.declarations ?? {};
  const rows = [
    ["product.genericName", declared.genericName, "en"],
    ["product.netQuantity", pack ? packLabel(pack) : ""],
    ["product.mrpNote", pack ? formatMoney(pack.price) : ""],
    ["product.packer", [declared.packerName, declared.packerAddress].filter(Boolean).join(", "), "en"],
    ["product.origin", declared.countryOfOrigin, "en"],
    ["product.bestBefore", declared.bestBefore, "en"],
    ["product.consumerCare", declared.consumerCare, "en"],
  ].filter(([, value]) => value);
  return (
    <section className="section product-declarations" aria-labelledby="declarations-heading">
      <h2 id="declarations-heading">{t("product.details")}</h2>
      <dl className="product-declarations__list">
        {rows.map(([key, value, lang]) => (
          <div key={key}>
            <dt>{t(key)}</dt>
            <dd lang={lang}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function ProductPage({ location = window.location }) {
  const slug = slugFromPath(location.pathname);
  const { data: product, loading, error } = useApi(`/api/products/${encodeURIComponent(slug)}`);
  const language = useLanguage();
  const name = product ? localName(product, language).primary : "";

  useEffect(() => {
    if (name) document.title = `${name} | ${config.storeName}`;
  }, [name]);

  return (
    <div className="product-page">
      <GoBack />
      {loading && <Loader />}
      {error && <Message variant="danger">{error}</Message>}
      {product && <ProductDetails product={product} preselect={selectionFromQuery(location.search)} />}
    </div>
  );
}
