import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, removeFromCart, setQty } from "../lib/cart";
import FloatingCart from "./FloatingCart";

const rice = { productId: "1", brand: "India Gate", quantity: "5", dprice: "399.00", price: "450.00" };
const dal = { productId: "2", brand: "Tata", quantity: "1", dprice: "1250.50", price: "1300.00" };

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("FloatingCart", () => {
  it("links to /cart and shows the distinct lines and the total, following every cart change", () => {
    render(<FloatingCart />);
    expect(screen.queryByTestId("floating-cart")).toBeNull(); // hidden while the cart is empty

    act(() => addToCart(rice));
    expect(screen.getByRole("link", { name: /in cart/ })).toHaveAttribute("href", "/cart");
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹399.00");

    act(() => addToCart(dal));
    act(() => setQty(dal, 2));
    expect(screen.getByTestId("cart-count")).toHaveTextContent("2");
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹2,900.00");

    act(() => removeFromCart(rice));
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹2,501.00");
  });

  it("hears a change made in another tab (storage event)", () => {
    render(<FloatingCart />);
    act(() => {
      localStorage.setItem("cart", JSON.stringify({ cartItems: [rice], totalPrice: "399.00" }));
      window.dispatchEvent(new StorageEvent("storage", { key: "cart" }));
    });
    expect(screen.getByTestId("cart-count")).toHaveTextContent("1");
  });

  it("moves up while the reference element shows at threshold 0.1", () => {
    const observers = [];
    vi.stubGlobal(
      "IntersectionObserver",
      class {
        constructor(callback, options) {
          this.callback = callback;
          this.options = options;
          this.targets = [];
          observers.push(this);
        }
        observe(target) {
          this.targets.push(target);
        }
        disconnect() {}
      },
    );
    const footer = document.createElement("footer");
    footer.id = "site-footer";
    document.body.appendChild(footer);
    addToCart(rice);
    render(<FloatingCart />);
    const [observer] = observers;
    expect(observer.options.threshold).toBe(0.1);
    expect(observer.targets).toEqual([footer]);
    const link = screen.getByTestId("floating-cart");
    expect(link).not.toHaveClass("floating-cart--raised");
    act(() => observer.callback([{ target: footer, isIntersecting: true }]));
    expect(link).toHaveClass("floating-cart--raised");
    act(() => observer.callback([{ target: footer, isIntersecting: false }]));
    expect(link).not.toHaveClass("floating-cart--raised");
    footer.remove();
  });
});
