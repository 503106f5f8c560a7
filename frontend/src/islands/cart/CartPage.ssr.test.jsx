// The cart page the server renders (issue 34) is its frame: the heading and the lines' place, the
// same for every shopper, since the cart lives in the browser. Never "your cart is empty" before
// the real lines; hydrated, the island shows this browser's lines (or says the cart is empty).
import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart } from "../../lib/cart";
import { mockFetch } from "../../lib/testing/mockFetch";
import { serverBundle } from "../../lib/testing/serverMarkup";
import CartPage from "./CartPage";

const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", category: "RICE & PULSES",
  brand: "India Gate", brandId: "11", financialId: "101", quantity: "5", units: "kg",
  price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg",
};
const page = (language) => ({ island: "cart", path: "/cart", search: "", language, config: {}, preload: {} });

afterEach(() => vi.unstubAllGlobals());

describe("the server's cart page", () => {
  const { render: renderIsland } = serverBundle();

  async function hydrated(language = "en") {
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = await renderIsland(page(language));
    const heading = container.querySelector("h1");
    const errors = [];
    const consoleError = vi.spyOn(console, "error");
    render(<CartPage />, { container, hydrate: true, onRecoverableError: (error) => errors.push(error) });
    expect(errors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    // The server's heading, taken over and not drawn again.
    expect(container.querySelector("h1")).toBe(heading);
    return container;
  }

  it.each([
    ["en", "Shopping Cart"],
    ["te", "షాపింగ్ కార్ట్"],
  ])("in %s is the heading and the lines' place, never an empty cart", async (language, title) => {
    const html = await renderIsland(page(language));
    const frame = document.createElement("div");
    frame.innerHTML = html;
    expect(frame.querySelector("h1")).toHaveTextContent(title);
    expect(frame.querySelector(".cart-page__layout")).toHaveAttribute("aria-busy", "true");
    expect(frame.querySelectorAll(".cart-line--frame").length).toBeGreaterThan(0);
    expect(frame.textContent).toBe(title);
  });

  it("is hydrated, then shows this browser's lines", async () => {
    mockFetch({ "POST /api/products/financials/batch": { body: { items: [{ ...rice, countInStock: 25 }] } } });
    addToCart({ ...rice, qty: 2 });
    const container = await hydrated();
    expect(container.querySelector(".cart-line--frame")).toBeNull();
    expect(await screen.findByRole("link", { name: "Sona Masoori Rice" })).toHaveAttribute("href", "/product/sona-masoori-rice");
    expect(screen.getByRole("heading", { name: "Subtotal (2) items" })).toBeInTheDocument();
    expect(screen.queryByText(/Your cart is empty/)).toBeNull();
  });

  it("is hydrated, then says an empty cart is empty", async () => {
    const fetchMock = mockFetch({});
    await hydrated();
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
