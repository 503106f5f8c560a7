import { packLabel } from "../../lib/packLabel";
// The Edit Product Details form's rules (spec section 2), kept out of the component so they are
// tested alone: which size is chosen when the screen opens, what a size change loads, and what
// the form sends (spec section 3's edit payload). Prices, discount and stock are checked and
// kept consistent by the server.

/**
 * The pack chosen when the screen opens: the pack the address names (`?pack=`, set by the list's
 * Add pack), else a size 1 pack if the brand has one, else its first.
 */
export function initialPack(detail, packId = "") {
  const packs = detail?.financials ?? [];
  return (
    (packId && packs.find((pack) => String(pack._id) === String(packId))) ||
    packs.find((pack) => Number(pack.quantity) === 1) ||
    packs[0] ||
    null
  );
}

/**
 * The pack fields a size shows: its discount, price, stock, unit, own low-stock threshold (blank:
 * the shop's default) and whether shoppers see it; blanks when no size is chosen (a new size is
 * typed: its unit is the brand's usual one, and it starts hidden unless ticked).
 */
export function packFields(pack, usualUnits = "kg") {
  if (!pack)
    return { financialId: "", discount: "", price: "", countInStock: "", units: usualUnits, lowStockThreshold: "", packPublished: false };
  return {
    financialId: pack._id,
    discount: String(pack.Discount ?? ""),
    price: String(pack.price ?? ""),
    countInStock: String(pack.countInStock ?? ""),
    units: pack.units ?? usualUnits,
    lowStockThreshold: pack.lowStockThreshold === null || pack.lowStockThreshold === undefined ? "" : String(pack.lowStockThreshold),
    packPublished: Boolean(pack.published),
  };
}

/** The unit a new size of this brand is typed in: its first pack's, else kg (as the server picks). */
const usualUnitsOf = (detail) => detail?.financials?.[0]?.units ?? "kg";

/**
 * The brand's Legal Metrology declarations (the single product's answer carries them): field, label
 * and the most characters the server keeps (`catalog.models.Detail`; it refuses more with a 400).
 */
export const DECLARATIONS = [
  ["packerName", "admin.productEdit.packerName", 200],
  ["packerAddress", "admin.productEdit.packerAddress", 300],
  ["countryOfOrigin", "admin.productEdit.countryOfOrigin", 80],
  ["genericName", "admin.productEdit.genericName", 200],
  ["bestBefore", "admin.productEdit.bestBefore", 200],
  ["consumerCare", "admin.productEdit.consumerCare", 300],
];

function declarationsOf(detail) {
  return Object.fromEntries(DECLARATIONS.map(([field]) => [field, detail?.declarations?.[field] ?? ""]));
}

/** The codes on pack `financialId` (GET .../details/<id>/barcodes), as the Barcodes field shows them. */
export function codesOf(barcodes, financialId) {
  return (barcodes ?? [])
    .filter((barcode) => String(barcode.financialId) === String(financialId))
    .map((barcode) => barcode.code)
    .join(" ");
}

/** The Barcodes field as the server takes it: the codes typed, split on spaces, commas and semicolons. */
export const codesTyped = (text) => (text ?? "").split(/[\s,;]+/).filter(Boolean);

/** The whole form for a product and the brand detail the address names. */
export function formFor(product, detail, packId = "", barcodes = []) {
  const pack = initialPack(detail, packId);
  return {
    name: product.name ?? "",
    nameTe: product.nameTe ?? "",
    category: product.category ?? "",
    hsnCode: product.hsnCode ?? "",
    gstRate: product.gstRate === undefined || product.gstRate === null ? "" : String(product.gstRate),
    image: detail?.images?.[0]?.image ?? product.image ?? "",
    brand: detail?.brand ?? "",
    description: product.description ?? "",
    descriptionTe: product.descriptionTe ?? "",
    manualQuantity: "",
    ...declarationsOf(detail),
    ...packFields(pack, usualUnitsOf(detail)),
    barcodes: pack ? codesOf(barcodes, pack._id) : "",
    shopCode: false,
  };
}

/** The form after choosing `financialId` in the Weight dropdown ("" = Select Weight: type a weight). */
export function chooseSize(form, detail, financialId, barcodes = []) {
  const pack = (detail?.financials ?? []).find((item) => item._id === financialId) ?? null;
  return {
    ...form,
    ...packFields(pack, usualUnitsOf(detail)),
    manualQuantity: pack ? "" : form.manualQuantity,
    barcodes: pack ? codesOf(barcodes, pack._id) : "",
    shopCode: false,
  };
}

/** The dropdown's label for a pack: "500 g", "1 kg". */
export const sizeLabel = (pack) => packLabel(pack);

/**
 * The PUT body: the chosen size as `quantity` (with its units, and `packUnits` when the unit was
 * changed: a 1 kg sample becomes 1 L), or the typed manual weight as `manualQuantity` in `units`
 * when no size is chosen; `manualQuantity: 0` and `image: ""` mean "not given"
 * (`nameTe: ""`, `descriptionTe: ""` and `hsnCode: ""` clear the Telugu name, the Telugu description and the HSN code); `barcodes` are the pack's
 * codes after the save, `shopCode` also gives it the shop's own.
 */
export function editPayload(form, product, detail) {
  const pack = (detail?.financials ?? []).find((item) => item._id === form.financialId) ?? null;
  const sized = Boolean(pack) || Number(form.manualQuantity) > 0;
  return {
    slug: product.slug,
    detailId: detail._id,
    name: form.name,
    nameTe: form.nameTe,
    category: form.category,
    hsnCode: form.hsnCode.trim(),
    gstRate: form.gstRate,
    brand: form.brand,
    image: form.image.trim(),
    discount: form.discount,
    price: form.price,
    countInStock: form.countInStock,
    quantity: pack ? pack.quantity : "",
    units: pack ? pack.units : form.units,
    packUnits: pack && form.units !== pack.units ? form.units : "",
    manualQuantity: pack ? 0 : form.manualQuantity,
    description: form.description ?? "",
    descriptionTe: form.descriptionTe ?? "",
    // The pack's own settings, only with a size to give them to (else the server asks for one).
    ...(sized ? { lowStockThreshold: String(form.lowStockThreshold ?? "").trim(), packPublished: Boolean(form.packPublished) } : {}),
    // The chosen pack's codes, all of them (the server checks each: check digit, one pack per code).
    barcodes: codesTyped(form.barcodes),
    shopCode: Boolean(form.shopCode),
    ...Object.fromEntries(DECLARATIONS.map(([field]) => [field, (form[field] ?? "").trim()])),
  };
}

/**
 * GET .../price-check for the chosen pack's price and discount as typed: the server holds them
 * against the pack's latest cost and answers a warning with the figures (the rule is not here).
 * Null while no size or price is chosen.
 */
export function priceCheckPath(form) {
  if (!form?.financialId || form.price === "") return null;
  const query = new URLSearchParams({ price: form.price });
  if (form.discount !== "") query.set("discount", form.discount);
  if (form.gstRate !== "") query.set("gstRate", form.gstRate);
  return `/api/inventory/packs/${encodeURIComponent(form.financialId)}/price-check?${query}`;
}
