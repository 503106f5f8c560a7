import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import Category, { categoryFromPath } from "./Category";

const egg = {
  _id: "5",
  name: "Country Eggs",
  slug: "country-eggs",
  category: "EGGS & DAIRY",
  image: "",
  details: [{ _id: "6", brand: "Farm", images: [], financials: [{ _id: "7", quantity: "6", units: "pcs", price: 60, dprice: 54, Discount: 10, countInStock: 9 }] }],
};

afterEach(() => vi.unstubAllGlobals());

describe("Category", () => {
  it("decodes the category from the path", () => {
    expect(categoryFromPath("/category/EGGS%20%26%20DAIRY")).toBe("EGGS & DAIRY");
  });

  it("shows Go Back, the heading and the category's product cards", async () => {
    const fetchMock = mockFetch({
      "GET /api/products/categories/EGGS%20%26%20DAIRY/products?pageNumber=1&pageSize=24": {
        body: { category: "EGGS & DAIRY", products: [egg], page: 1, pages: 1 },
      },
    });
    render(<Category pathname="/category/EGGS%20%26%20DAIRY" />);
    expect(screen.getByRole("button", { name: "Go Back" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("EGGS & DAIRY");
    expect(await screen.findByRole("heading", { name: "Farm Country Eggs" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("titles the cards one level under the page heading and loads the first screen's pictures at once", async () => {
    const many = Array.from({ length: 6 }, (_, index) => ({ ...egg, _id: `e${index}`, name: `Eggs ${index}`, slug: `eggs-${index}` }));
    mockFetch({
      "GET /api/products/categories/EGGS%20%26%20DAIRY/products?pageNumber=1&pageSize=24": {
        body: { category: "EGGS & DAIRY", products: many, page: 1, pages: 1 },
      },
    });
    render(<Category pathname="/category/EGGS%20%26%20DAIRY" />);
    expect(await screen.findByRole("heading", { name: "Farm Eggs 0", level: 2 })).toBeInTheDocument();
    const loading = [...document.querySelectorAll(".product-card img")].map((image) => image.getAttribute("loading"));
    expect(loading).toEqual(["eager", "eager", "eager", "eager", "lazy", "lazy"]);
    expect(document.querySelector(".product-card img").getAttribute("fetchpriority")).toBe("high");
  });

  it("calls the every-product list All Products", async () => {
    mockFetch({ "GET /api/products/categories/all/products?pageNumber=1&pageSize=24": { body: { category: "all", products: [egg], page: 1, pages: 1 } } });
    render(<Category pathname="/category/all" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("All Products");
    await screen.findByRole("heading", { name: "Farm Country Eggs" });
  });

  it("shows the server's message for an unknown category", async () => {
    mockFetch({ "GET /api/products/categories/NOPE/products?pageNumber=1&pageSize=24": { status: 404, body: { message: "Category not found." } } });
    render(<Category pathname="/category/NOPE" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Category not found.");
  });
});
