import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetPreloaded } from "../../lib/preloaded";
import { mockFetch } from "../../lib/testing/mockFetch";
import Banners, { CAROUSEL_INTERVAL_MS } from "./Banners";
import Home, { pageNumberFrom } from "./Home";

function product(id, name, category = "BUDGET FRIENDLY PACKAGES") {
  return {
    _id: String(id),
    name,
    slug: name.toLowerCase().replace(/ /g, "-"),
    category,
    image: "",
    details: [{ _id: `d${id}`, brand: "Smlr", images: [], financials: [{ _id: `f${id}`, quantity: "1", units: "kg", price: 50, dprice: 45, Discount: 10, countInStock: 4 }] }],
  };
}

const budget = Array.from({ length: 9 }, (_, index) => product(100 + index, `Budget Pack ${index + 1}`));
const budgetUrl = (page) => `GET /api/products/categories/BUDGET%20FRIENDLY%20PACKAGES/products?pageNumber=${page}&pageSize=6`;

let observers;
beforeEach(() => {
  observers = [];
  vi.stubGlobal(
    "IntersectionObserver",
    class {
      constructor(callback) {
        this.callback = callback;
        this.targets = [];
        observers.push(this);
      }
      observe(target) {
        this.targets.push(target);
      }
      disconnect() {
        this.targets = [];
      }
    },
  );
  mockFetch({
    "GET /api/promotions": { body: [] },
    "GET /api/products/categories": { body: { categories: ["OILS", "EGGS & DAIRY"] } },
    "GET /api/products/featured": {
      body: { categories: [{ key: "oils", name: "OILS", image: "/media/oils.svg", sequence: 1, products: [product(1, "Groundnut Oil", "OILS")] }] },
    },
    [budgetUrl(1)]: { body: { category: "BUDGET FRIENDLY PACKAGES", products: budget.slice(0, 6), page: 1, pages: 2 } },
    [budgetUrl(2)]: { body: { category: "BUDGET FRIENDLY PACKAGES", products: budget.slice(6), page: 2, pages: 2 } },
    "GET /api/products?keyword=&pageNumber=2": { body: { products: [product(7, "Toor Dal", "RICE & PULSES")], page: 2, pages: 3 } },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function showEndMarker() {
  const marker = document.querySelector(".end-marker");
  const observer = observers.filter((candidate) => candidate.targets.includes(marker)).at(-1);
  act(() => observer.callback([{ target: marker, isIntersecting: true }]));
}

async function showFeaturedRow(name) {
  const row = screen.getByRole("region", { name });
  // The row's observer starts in an effect, which a busy machine may run a moment after the row shows.
  const observer = await waitFor(() => {
    const found = observers.filter((candidate) => candidate.targets.includes(row)).at(-1);
    expect(found).toBeDefined();
    return found;
  });
  act(() => observer.callback([{ target: row, isIntersecting: true }]));
}

const budgetCards = () => within(screen.getByTestId("budget-grid")).queryAllByRole("article");

describe("Home", () => {
  it("reads the page number from /page/{n}", () => {
    expect(pageNumberFrom("/page/3")).toBe(3);
    expect(pageNumberFrom("/")).toBeNull();
    expect(pageNumberFrom("/whatever")).toBeNull();
  });

  it("shows the category grid, Featured Categories and six budget packages, six more when the end shows", async () => {
    render(<Home path="/" />);
    const oils = await screen.findByRole("link", { name: "OILS" });
    expect(oils).toHaveAttribute("href", "/category/OILS");
    expect(screen.getByRole("link", { name: "EGGS & DAIRY" })).toHaveAttribute("href", "/category/EGGS%20%26%20DAIRY");
    // Below the first screen: a chunk of its own (BelowTheFold), there a moment later.
    expect(await screen.findByRole("heading", { name: "Featured Categories" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "OILS", level: 3 })).toBeInTheDocument();
    await showFeaturedRow("OILS");
    expect(await screen.findByRole("heading", { name: "Smlr Groundnut Oil" })).toBeInTheDocument();

    await waitFor(() => expect(budgetCards()).toHaveLength(6));
    showEndMarker();
    await waitFor(() => expect(budgetCards()).toHaveLength(9));
    expect(document.querySelector(".end-marker")).toBeInTheDocument();
    expect(observers.filter((observer) => observer.targets.length)).toHaveLength(0);
    // About a second alone; several times that while the rest of the suite runs beside it.
  }, 15_000);

  it("renders the first screen from the answers written into the page, with no request, and a featured row's cards only near the viewport", async () => {
    const fetchMock = mockFetch({});
    const script = document.createElement("script");
    script.id = "api-preload";
    script.type = "application/json";
    script.textContent = JSON.stringify({
      "/api/products/categories": { categories: ["OILS"] },
      "/api/products/featured": { categories: [{ key: "oils", name: "OILS", image: "", sequence: 1, products: [product(1, "Groundnut Oil", "OILS")] }] },
      "/api/promotions": [],
      [budgetUrl(1).replace("GET ", "")]: { category: "BUDGET FRIENDLY PACKAGES", products: budget.slice(0, 6), page: 1, pages: 2 },
    });
    document.body.append(script);
    resetPreloaded();
    try {
      render(<Home path="/" />);
      expect(screen.getByRole("link", { name: "OILS" })).toHaveAttribute("href", "/category/OILS");
      const row = await screen.findByRole("region", { name: "OILS" });
      expect(budgetCards()).toHaveLength(6);
      expect(within(row).queryByRole("article")).toBeNull();
      expect(within(row).getByTestId("featured-room")).toBeInTheDocument();
      await showFeaturedRow("OILS");
      expect(within(row).getByRole("heading", { name: "Smlr Groundnut Oil" })).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      script.remove();
      resetPreloaded();
    }
  });

  it("fetches the featured rows when the first comes near, if the page carried the categories without their products", async () => {
    const fetchMock = mockFetch({
      "GET /api/products/featured": {
        body: { categories: [{ key: "oils", name: "OILS", image: "", sequence: 1, products: [product(1, "Groundnut Oil", "OILS")] }] },
      },
      [budgetUrl(1)]: { body: { category: "BUDGET FRIENDLY PACKAGES", products: budget.slice(0, 6), page: 1, pages: 2 } },
    });
    const script = document.createElement("script");
    script.id = "api-preload";
    script.type = "application/json";
    script.textContent = JSON.stringify({
      "/api/products/categories": { categories: ["OILS"] },
      "/api/products/featured": { categories: [{ key: "oils", name: "OILS", image: "", sequence: 1 }] },
      "/api/promotions": [],
    });
    document.body.append(script);
    resetPreloaded();
    try {
      render(<Home path="/" />);
      expect(screen.getByRole("link", { name: "OILS" })).toHaveAttribute("href", "/category/OILS");
      const row = await screen.findByRole("region", { name: "OILS" });
      expect(within(row).getByTestId("featured-room")).toBeInTheDocument();
      const featuredCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/api/products/featured"));
      expect(featuredCalls()).toHaveLength(0);
      await showFeaturedRow("OILS");
      expect(await within(row).findByRole("heading", { name: "Smlr Groundnut Oil" })).toBeInTheDocument();
      expect(featuredCalls()).toHaveLength(1);
    } finally {
      script.remove();
      resetPreloaded();
    }
  });

  it("on /page/{n} lists that page of every product with a pager", async () => {
    render(<Home path="/page/2" />);
    expect(await screen.findByRole("heading", { name: "Smlr Toor Dal" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("href", "/page/3");
    expect(screen.queryByRole("heading", { name: "Featured Categories" })).toBeNull();
  });
});

describe("Banners", () => {
  function stubWidth(narrow) {
    vi.stubGlobal("matchMedia", (query) => ({ matches: narrow, media: query, addEventListener() {}, removeEventListener() {} }));
  }

  it("advance every 3 seconds below 1024 px", () => {
    stubWidth(true);
    vi.useFakeTimers();
    render(<Banners />);
    const dots = screen.getAllByRole("button", { name: /Show offer/ });
    expect(dots[0]).toHaveAttribute("aria-current", "true");
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS));
    expect(dots[1]).toHaveAttribute("aria-current", "true");
    act(() => vi.advanceTimersByTime(CAROUSEL_INTERVAL_MS * 2));
    expect(dots[0]).toHaveAttribute("aria-current", "true");
  });

  it("stand still, all three shown, on a wide screen", () => {
    stubWidth(false);
    vi.useFakeTimers();
    render(<Banners />);
    expect(screen.queryAllByRole("button", { name: /Show offer/ })).toHaveLength(0);
    expect(screen.getAllByTestId("offer").filter((offer) => offer.getAttribute("aria-hidden") !== "true")).toHaveLength(3);
  });

  it("have the order-by-WhatsApp and order-by-phone tiles and four category adverts", () => {
    stubWidth(false);
    render(<Banners />);
    expect(screen.getByRole("link", { name: /Order on WhatsApp/ }).getAttribute("href")).toMatch(/^https:\/\/wa\.me\//);
    expect(screen.getByRole("link", { name: /Order by phone/ }).getAttribute("href")).toMatch(/^tel:/);
    expect(document.querySelectorAll(".advert")).toHaveLength(4);
  });
});

describe("offer banners in Telugu", () => {
  const gold = { id: 1, kind: "gold_coupon", title: "Dairy Gold Coin Offer", description: "1 coupon for each month", couponsLeft: 3, monthlyCap: 50 };
  const telugu = (key) => `te:${key}`;

  it("show the staff's Telugu words, and the shop's own Telugu text where staff left them empty", async () => {
    const { offersFrom } = await import("./Banners");
    const [worded] = offersFrom([{ ...gold, titleTe: "బంగారు నాణెం", descriptionTe: "నెలకు ఒక కూపన్" }], telugu, "te");
    expect([worded.eyebrow, worded.text]).toEqual(["బంగారు నాణెం", "నెలకు ఒక కూపన్"]);
    const [empty] = offersFrom([{ ...gold, titleTe: "", descriptionTe: "" }], telugu, "te");
    expect([empty.eyebrow, empty.text]).toEqual(["te:offers.gold.eyebrow", "te:offers.gold.text"]);
    const [english] = offersFrom([{ ...gold, titleTe: "బంగారు నాణెం" }], telugu, "en");
    expect([english.eyebrow, english.text]).toEqual(["Dairy Gold Coin Offer", "1 coupon for each month"]);
  });
});
