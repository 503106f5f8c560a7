import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getCart } from "../../lib/cart";
import { mockFetch } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import BuyAgainButton from "./BuyAgainButton";


const oil = {
  productId: "2", name: "Sunflower Oil", nameTe: "", slug: "sunflower-oil", category: "OILS", brand: "Fortune",
  brandId: "21", financialId: "201", quantity: "1", units: "L", price: 160, dprice: 150, Discount: 6,
  image: "/media/oil.svg", countInStock: 10, qty: 2,
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("Buy again", () => {
  it("puts the server's lines into the cart and names what changed or is gone", async () => {
    const fetchMock = mockFetch({
      "POST /api/orders/X1/buy-again": {
        body: {
          cartItems: [oil],
          unavailable: [{ name: "Toor Dal", brand: "Tata", quantity: "1", units: "kg", reason: "outOfStock" }],
          changed: [{ name: "Sunflower Oil", brand: "Fortune", quantity: "1", units: "L", was: 145.5, now: 150 }],
          reduced: [],
        },
      },
    });
    const success = vi.spyOn(toast, "success");
    const error = vi.spyOn(toast, "error");
    const info = vi.spyOn(toast, "info");
    render(<BuyAgainButton order={{ _id: "X1" }} />);
    await userEvent.click(screen.getByRole("button", { name: "Buy again" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("1 item added to your cart at today's price"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getCart().cartItems.map((line) => [line.financialId, line.qty, line.dprice])).toEqual([["201", 2, 150]]);
    expect(error).toHaveBeenCalledWith("Out of stock now: Tata Toor Dal 1 kg");
    expect(info).toHaveBeenCalledWith("Fortune Sunflower Oil 1 L: now ₹150.00 (was ₹145.50)");
  });
});
