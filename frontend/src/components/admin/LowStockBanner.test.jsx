import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import LowStockBanner, { WIDE_SCREEN } from "./LowStockBanner";

const ROUTE = "GET /api/products/low-stock";
const pack = (id, left) => ({ _id: String(id), name: "Sunflower Oil", brand: "Fortune", pack: "1 L", countInStock: left, threshold: 5 });

afterEach(() => vi.unstubAllGlobals());

async function settled(fetchMock) {
  await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

describe("the low-stock banner", () => {
  it("names the packs at or under their threshold, five at most", async () => {
    mockFetch({ [ROUTE]: { body: { count: 7, packs: [1, 2, 3, 4, 5, 6, 7].map((id) => pack(id, id - 1)) } } });
    render(<LowStockBanner />);
    const banner = await screen.findByRole("status", { name: "Low stock: 7 packs at or under their threshold" });
    expect(banner).toHaveTextContent("Fortune Sunflower Oil 1 L: 0 left (threshold 5)");
    expect(screen.getAllByRole("listitem")).toHaveLength(6);
    expect(banner).toHaveTextContent("and 2 more");
    expect(screen.getByRole("link", { name: "Open the product list" })).toHaveAttribute("href", "/admin/productlist");
  });

  it("is one closed line on a phone and starts open on a wide screen", async () => {
    for (const [wide, open] of [[false, false], [true, true]]) {
      vi.stubGlobal("matchMedia", (query) => ({ matches: wide && query === WIDE_SCREEN, media: query }));
      mockFetch({ [ROUTE]: { body: { count: 7, packs: [1, 2, 3, 4, 5, 6, 7].map((id) => pack(id, id - 1)) } } });
      const { unmount } = render(<LowStockBanner />);
      const banner = await screen.findByRole("status", { name: "Low stock: 7 packs at or under their threshold" });
      expect(banner.querySelector("summary")).toHaveTextContent(/^Low stock: 7 packs$/);
      expect(banner.querySelector("details").open).toBe(open);
      unmount();
    }
  });

  it("shows nothing when nothing is low", async () => {
    const fetchMock = mockFetch({ [ROUTE]: { body: { count: 0, packs: [] } } });
    const { container } = render(<LowStockBanner />);
    await settled(fetchMock);
    expect(container).toBeEmptyDOMElement();
  });

  it("shows nothing when the call fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (const answer of [{ status: 500, body: { message: "Boom" } }, { status: 404, body: { message: "Not found" } }]) {
      const fetchMock = mockFetch({ [ROUTE]: answer });
      const { container, unmount } = render(<LowStockBanner />);
      await settled(fetchMock);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});
