// One owner for the product page's markup (issue 34): the server renderer draws the product
// island's first screen (picture, name, packs, price, Add to Cart) with ProductPage itself, from
// the answer the page carries, and the browser hydrates it. Rendered both ways from the same
// answer, the markup must be the same, in both languages; hydrated, nothing may be drawn again.
import { render, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCart } from "../../lib/cart";
import { setLanguage } from "../../lib/i18n";
import { resetPreloaded, setPreloaded } from "../../lib/preloaded";
import { normalised, serverBundle } from "../../lib/testing/serverMarkup";
import ProductPage from "./ProductPage";

const PATH = "/product/sona-masoori-rice";
const ANSWER = "/api/products/sona-masoori-rice";
const product = {
  _id: "12",
  name: "Sona Masoori Rice",
  nameTe: "సోనా మసూరి బియ్యం",
  slug: "sona-masoori-rice",
  category: "RICE & PULSES",
  categoryTe: "బియ్యం & పప్పులు",
  image: "/media/rice.svg",
  description: "Everyday rice.",
  details: [
    {
      _id: "31",
      brand: "India Gate",
      images: [{ image: "/media/ig.svg" }],
      declarations: { packerName: "KRBL Ltd.", countryOfOrigin: "India", genericName: "Rice" },
      financials: [
        { _id: "77", quantity: "5", units: "kg", price: 450, dprice: 399, Discount: 11, countInStock: 25, unitPrice: 79.8, unitPriceBasis: "kg" },
        { _id: "78", quantity: "1", units: "kg", price: 95, dprice: 90.25, Discount: 5, countInStock: 0 },
      ],
    },
    {
      _id: "32",
      brand: "Daawat",
      images: [],
      financials: [{ _id: "80", quantity: "1", units: "kg", price: 100, dprice: 100, Discount: 0, countInStock: 3 }],
    },
  ],
};

const page = (language, search) => ({ island: "product", path: PATH, search, language, config: {}, preload: { [ANSWER]: product } });
const element = (search) => <ProductPage location={{ pathname: PATH, search }} />;

afterEach(() => {
  resetPreloaded();
  vi.unstubAllGlobals();
});

describe("the server's product page", () => {
  const { render: renderIsland } = serverBundle();

  it.each([
    ["en", ""],
    ["te", ""],
    // A card's link: brand, pack and count chosen; three packs of a pack with three left.
    ["en", "?brand=Daawat&quantity=1&units=kg&qty=3"],
    // An out-of-stock pack: its "Notify me" is a part loaded on demand, written in place.
    ["te", "?brand=India%20Gate&quantity=1&units=kg"],
  ])("in %s (%s) is the browser's page", async (language, search) => {
    const server = await renderIsland(page(language, search));
    await setLanguage(language);
    setPreloaded({ [ANSWER]: product });
    const { container } = render(element(search));
    // The browser loads the part on demand; the server's render waited for it.
    const notify = server.includes("product-page__notify");
    if (notify) await waitFor(() => expect(container.querySelector(".product-page__notify")).not.toBeNull());
    expect(normalised(server)).toBe(normalised(container));
    // The first screen, without a request: picture, name, packs, price, the cart button.
    expect(container.querySelector(".product-page__media img").getAttribute("src")).toMatch(/^\/media\//);
    expect(container.querySelector("h1")).toHaveTextContent(language === "te" ? "సోనా మసూరి బియ్యం" : "Sona Masoori Rice");
    expect(container.querySelector("#product-weight")).toBeInTheDocument();
    expect(container.querySelector('[data-testid="dprice"]')).toHaveTextContent("₹");
    expect(container.querySelector(".product-page__add")).toBeInTheDocument();
    expect(notify).toBe(search.includes("India"));
  });

  it("is hydrated without a mismatch and then answers the shopper", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const server = await renderIsland(page("en", ""));
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = server.replace(/^(<link [^>]*>)+/, "");
    const served = container.querySelector(".product-page__add");
    const errors = [];
    const consoleError = vi.spyOn(console, "error");
    setPreloaded({ [ANSWER]: product });
    render(element(""), { container, hydrate: true, onRecoverableError: (error) => errors.push(error) });
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The server's button, taken over, not drawn again; the answer came with the page.
    expect(container.querySelector(".product-page__add")).toBe(served);
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(served);
    expect(served).toHaveTextContent("Added to Cart");
    expect(getCart().cartItems).toMatchObject([{ productId: "12", brand: "India Gate", quantity: "5", qty: 1 }]);
  });
});
