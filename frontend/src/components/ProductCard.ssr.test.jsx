// One owner for the card's markup (issue 34): the server renderer's card (frontend/ssr, built for
// Node into frontend/build/ssr/islands.js by `npm run build`) is the browser's card, which hydrates
// it. Rendered both ways from the same product, the markup must be the same, in both languages.
import { render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { setLanguage } from "../lib/i18n";
import { normalised, serverBundle } from "../lib/testing/serverMarkup";
import ProductCard from "./ProductCard";

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

afterEach(() => setLanguage("en"));

describe("the server's product card", () => {
  const { renderCard } = serverBundle();

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
