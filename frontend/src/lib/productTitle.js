// A product's title as the shop writes it (lib/product.js re-exports it): apart from the rest of
// lib/product.js, so that a page showing titles only (the cart) does not carry the rest.
import { localName } from "./i18n";

// A word written in capitals in the data (SMLR, MTR, GRB) is a name spelt that way: keep it.
const ALL_CAPITALS = /^(?=.*[A-Z].*[A-Z])[A-Z0-9&.'-]+$/;

function capitalised(word) {
  if (ALL_CAPITALS.test(word)) return word;
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/**
 * Brand plus product name, each word once (case-insensitive), capitalised, initialisms kept:
 * "India Gate Basmati Rice", "SMLR Mart Ghee".
 */
export function displayName(brand, name) {
  const seen = new Set();
  const words = [];
  for (const word of `${brand ?? ""} ${name ?? ""}`.split(/\s+/)) {
    const key = word.toLowerCase();
    if (!word || seen.has(key)) continue;
    seen.add(key);
    words.push(capitalised(word));
  }
  return words.join(" ");
}

/**
 * A product's title in the shown language: in Telugu its Telugu name (`nameTe`, with the brand)
 * and, to show beside it where there is room, the English name; otherwise the English title and
 * `english` null. Works for a product and for a cart line (both carry name and nameTe).
 */
export function productTitle(brand, product, language) {
  const { primary, secondary } = localName(product, language);
  return { title: displayName(brand, primary), english: secondary ? displayName("", secondary) : null };
}
