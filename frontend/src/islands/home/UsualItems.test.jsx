import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import UsualItems from "./UsualItems";

const oil = {
  _id: "2", name: "Sunflower Oil", nameTe: "", slug: "sunflower-oil", category: "OILS", image: "",
  details: [{ _id: "21", brand: "Fortune", images: [], financials: [{ _id: "201", quantity: "1", units: "L", price: 160, dprice: 145.5, Discount: 9, countInStock: 40 }] }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("Your usual items", () => {
  it("shows a signed-in shopper's most bought packs as cards", async () => {
    localStorage.setItem("userInfo", JSON.stringify({ token: "a.b.c", phoneNo: "9000000002" }));
    mockFetch({ "GET /api/orders/usual": { body: [oil] } });
    render(<UsualItems />);
    const row = await screen.findByRole("list", { name: "Your usual items" });
    expect(within(row).getByRole("heading", { name: "Fortune Sunflower Oil" })).toBeInTheDocument();
  });

  it("asks nothing for a guest and shows nothing", () => {
    const fetchMock = mockFetch({});
    const { container } = render(<UsualItems />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
