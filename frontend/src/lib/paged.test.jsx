import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { usePagedProducts } from "./paged";
import { mockFetch } from "./testing/mockFetch";

const pageOf = (page) => ({ products: [{ _id: `p${page}`, name: `Product ${page}` }], page, pages: 5 });
const routes = Object.fromEntries([1, 2, 3, 4, 5].map((page) => [`GET /api/list?page=${page}`, { body: pageOf(page) }]));

function List() {
  const { products } = usePagedProducts((page) => `/api/list?page=${page}`);
  return <p data-testid="shown">{products.map((product) => product._id).join(",")}</p>;
}

function arrivedBy(type) {
  vi.stubGlobal("performance", { ...performance, now: () => Date.now(), getEntriesByType: () => [{ type }] });
}

describe("usePagedProducts: Back to a long list", () => {
  beforeEach(() => {
    window.history.replaceState(null, "", "/category/all");
    sessionStorage.setItem("listPlace:/category/all", JSON.stringify({ pages: 3, y: 900 }));
    vi.spyOn(window, "scrollTo").mockImplementation(() => {});
    vi.stubGlobal("requestAnimationFrame", (callback) => callback());
  });
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("grows the list to the pages it showed, then scrolls to where the shopper was", async () => {
    arrivedBy("back_forward");
    mockFetch(routes);
    render(<List />);
    await waitFor(() => expect(window.scrollTo).toHaveBeenCalledWith(0, 900));
    expect(screen.getByTestId("shown")).toHaveTextContent("p1,p2,p3");
  });

  it("starts at the top with one page when the shopper came by a link", async () => {
    arrivedBy("navigate");
    mockFetch(routes);
    render(<List />);
    await waitFor(() => expect(screen.getByTestId("shown")).toHaveTextContent("p1"));
    expect(screen.getByTestId("shown")).not.toHaveTextContent("p2");
    expect(window.scrollTo).not.toHaveBeenCalled();
  });

  it("remembers the pages shown and the scroll position when the page is left", async () => {
    arrivedBy("navigate");
    mockFetch(routes);
    render(<List />);
    await waitFor(() => expect(screen.getByTestId("shown")).toHaveTextContent("p1"));
    vi.spyOn(window, "scrollY", "get").mockReturnValue(420);
    window.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(sessionStorage.getItem("listPlace:/category/all"))).toEqual({ pages: 1, y: 420 });
  });
});
