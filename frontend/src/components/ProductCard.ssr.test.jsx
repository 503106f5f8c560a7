// One owner for the card's markup (issue 34): the server renderer's card (frontend/ssr, built for
// Node into frontend/build/ssr/islands.js by `npm run build`) is the browser's card, which hydrates
// it. Rendered both ways from the same product, the markup must be the same, in both languages.
import { render } from "@testing-library/react";
import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../lib/i18n";
import ProductCard from "./ProductCard";

const BUNDLE = resolve(__dirname, "../../build/ssr/islands.js");
const require = createRequire(import.meta.url);

const packs = [
  { _id: "77", quantity: "5", units: "kg", price: 450, dprice: 399, Discount: 11, countInStock: 25 },
  { _id: "78", quantity: "1", units: "kg", price: 95, dprice: 95, Discount: 0, countInStock: 8, unitPrice: 95, unitPriceBasis: "kg" },
];
const detail = { _id: "31", brand: "India Gate", images: [{ image: "/media/ig.svg" }], financials: packs };
const product = {
  _id: "12",
  name: "india gate sona masoori rice",
  nameTe: "సోనా మసూరి బియ్యం",
  slug: "sona-masoori-rice",
  category: "RICE & PULSES",
  image: "",
  details: [detail],
};

/** Markup as the DOM holds it: React's text separators and the hoisted picture hints left out,
 * attributes in one order (the browser's React sets an image's src last). */
function normalised(html) {
  const holder = document.createElement("div");
  holder.innerHTML = html.replace(/^(<link [^>]*>)+/, "");
  holder.querySelectorAll("*").forEach((node) => {
    for (const child of [...node.childNodes]) if (child.nodeType === Node.COMMENT_NODE) child.remove();
    const attributes = [...node.attributes].map(({ name, value }) => [name, value]).sort();
    attributes.forEach(([name]) => node.removeAttribute(name));
    attributes.forEach(([name, value]) => node.setAttribute(name, value));
  });
  holder.normalize();
  return holder.innerHTML;
}

afterEach(() => setLanguage("en"));

describe.skipIf(!existsSync(BUNDLE))("the server's product card", () => {
  const { renderCard } = existsSync(BUNDLE) ? require(BUNDLE) : {};

  it.each([
    ["en", { eager: true, heading: 2 }],
    ["en", { eager: false, heading: 3 }],
    ["te", { eager: true, heading: 2 }],
  ])("in %s is the browser's card (%o)", async (language, options) => {
    const server = await renderCard({ product, detail, ...options }, { language });
    await setLanguage(language);
    const { container } = render(<ProductCard product={product} detail={detail} {...options} />);
    expect(normalised(server)).toBe(normalised(container.innerHTML));
    expect(container.querySelector(".product-card__price")).toHaveTextContent("₹399.00");
  });
});
