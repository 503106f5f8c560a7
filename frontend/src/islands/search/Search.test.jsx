import { render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handOverSuggestions } from "../../lib/search";
import { mockFetch } from "../../lib/testing/mockFetch";
import Search, { searchFromLocation } from "./Search";

const rice = {
  _id: "1",
  name: "Basmati Rice",
  slug: "basmati-rice",
  category: "RICE & PULSES",
  image: "",
  details: [{ _id: "2", brand: "India Gate", images: [], financials: [{ _id: "3", quantity: "1", units: "kg", price: 150, dprice: 140, Discount: 7, countInStock: 9 }] }],
};

let fetchMock;
beforeEach(() => {
  sessionStorage.clear();
  fetchMock = mockFetch({
    "GET /api/products?keyword=rice&pageNumber=1": { body: { products: [rice], page: 1, pages: 3 } },
    "GET /api/products?keyword=rice&pageNumber=2": { body: { products: [rice], page: 2, pages: 3 } },
    "GET /api/products?keyword=zzz&pageNumber=1": { body: { products: [], page: 1, pages: 0 } },
    "GET /api/products?keyword=boom&pageNumber=1": { status: 400, body: { message: "pageNumber must be a positive whole number." } },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("Search", () => {
  it("reads the query from ?query=, /search/{keyword} and /search/{keyword}/page/{n}", () => {
    expect(searchFromLocation({ pathname: "/search", search: "?query=rice%20flour" })).toEqual({ query: "rice flour", page: 1, keywordRoute: false });
    expect(searchFromLocation({ pathname: "/search/rice%20flour", search: "" })).toEqual({ query: "rice flour", page: 1, keywordRoute: true });
    expect(searchFromLocation({ pathname: "/search/rice/page/4", search: "" })).toEqual({ query: "rice", page: 4, keywordRoute: true });
  });

  it("uses the suggestions handed over by the search box without fetching", async () => {
    handOverSuggestions("rice", { products: [rice], brands: [] });
    render(<Search location={{ pathname: "/search", search: "?query=rice" }} />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent('Search Results for "rice"');
    expect(await screen.findByRole("heading", { name: "India Gate Basmati Rice" })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("fetches page 1 by keyword when nothing was handed over, with a pager to the keyword pages", async () => {
    render(<Search location={{ pathname: "/search", search: "?query=rice" }} />);
    expect(await screen.findByRole("heading", { name: "India Gate Basmati Rice" })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/search/rice/page/2");
  });

  it("fetches the page of a paged route", async () => {
    render(<Search location={{ pathname: "/search/rice/page/2", search: "" }} />);
    await screen.findByRole("heading", { name: "India Gate Basmati Rice" });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/products?keyword=rice&pageNumber=2");
    expect(screen.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  });

  it("says when nothing was found", async () => {
    render(<Search location={{ pathname: "/search/zzz", search: "" }} />);
    expect(await screen.findByText('No products found for "zzz"')).toBeInTheDocument();
  });

  it("shows an error banner with the server message", async () => {
    render(<Search location={{ pathname: "/search", search: "?query=boom" }} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("pageNumber must be a positive whole number.");
  });
});
