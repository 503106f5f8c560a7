// How the catalog's wire objects (product → details (brands) → financials (packs)) turn into what
// the shop shows and what the cart stores.

import { packLimit } from "./config";
export { namedPackLabel, packLabel } from "./packLabel";

// The titles live apart, for the pages that show titles only (lib/productTitle.js).
export { displayName, productTitle } from "./productTitle";

/** True when `qty` packs is a count the server allows on a card ("card") or the product page. */
export function allowedPackCount(where, qty) {
  const { min, max } = packLimit(where);
  return Number.isInteger(qty) && qty >= min && qty <= max;
}


export function detailImage(product, detail) {
  return detail?.images?.find((entry) => entry?.image)?.image || product.image || "/static/img/logo.webp";
}

/** A card's picture: the card-sized copy of an uploaded photo (`thumbnail`) when there is one. */
export function cardImage(product, detail) {
  return detail?.images?.find((entry) => entry?.image)?.thumbnail || detailImage(product, detail);
}

export function inStock(pack) {
  return Number(pack?.countInStock) > 0;
}

/**
 * One card per brand variant that has at least one pack to offer; where a search named a brand
 * (its answer's `picked[product._id].brand`, 'Heritage'), only that brand's card of the product.
 */
export function brandVariants(products, picked = null) {
  const variants = [];
  for (const product of products ?? []) {
    const named = picked?.[product._id]?.brand ? picked[product._id].detail : null;
    for (const detail of product.details ?? []) {
      if (named && String(detail._id) !== named) continue;
      if (detail.financials?.length) variants.push({ product, detail, key: `${product._id}-${detail._id}` });
    }
  }
  return variants;
}

/** The cart line of spec section 3 for `qty` packs of one pack size of one brand. */
export function cartItemFor(product, detail, pack, qty = 1) {
  return {
    productId: String(product._id),
    name: product.name,
    nameTe: product.nameTe ?? "",
    slug: product.slug,
    category: product.category,
    brand: detail.brand,
    brandId: String(detail._id),
    financialId: String(pack._id),
    quantity: String(pack.quantity),
    units: pack.units,
    price: pack.price,
    dprice: pack.dprice,
    Discount: pack.Discount,
    unitPrice: pack.unitPrice ?? null,
    unitPriceBasis: pack.unitPriceBasis ?? null,
    image: detailImage(product, detail),
    qty,
  };
}

/** The product page link that carries the card's brand, size and pack count along. */
export function productHref(slug, { brand, pack, qty } = {}) {
  const params = new URLSearchParams();
  if (brand) params.set("brand", brand);
  if (pack) {
    params.set("quantity", String(pack.quantity));
    params.set("units", pack.units);
  }
  if (qty) params.set("qty", String(qty));
  const query = params.toString();
  return `/product/${encodeURIComponent(slug)}${query ? `?${query}` : ""}`;
}

/**
 * The brand variant and pack a search picked for `product` (the answer's `picked[product._id]`:
 * the brand the text named, the pack of the size it named): { detail, pack, qty }, each null
 * when not picked.
 */
export function pickedFor(product, picked) {
  if (!picked) return { detail: null, pack: null, qty: null };
  const detail = (product.details ?? []).find((candidate) => candidate._id === picked?.detail) ?? null;
  const pack = detail?.financials?.find((candidate) => candidate._id === picked?.pack) ?? null;
  return { detail, pack, qty: pack && picked?.qty ? picked.qty : null };
}

/** The product page's link for a search's pick: that brand and pack chosen ('sugar 5 kg'). */
export function pickedHref(product, picked) {
  const { detail, pack, qty } = pickedFor(product, picked);
  return productHref(product.slug, { brand: detail?.brand, pack, qty });
}

/** What the product page preselects from its query string (anything absent stays null). */
export function selectionFromQuery(search) {
  const params = new URLSearchParams(search);
  const qty = Number.parseInt(params.get("qty") ?? "", 10);
  return {
    brand: params.get("brand"),
    quantity: params.get("quantity"),
    units: params.get("units"),
    qty: allowedPackCount("productPage", qty) ? qty : null,
  };
}

export function samePackSize(pack, quantity, units) {
  if (quantity == null) return false;
  return Number(pack.quantity) === Number(quantity) && (!units || pack.units === units);
}
