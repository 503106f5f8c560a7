import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart, saveShippingAddress } from "../../lib/cart";
import { redirect } from "../../lib/navigation";
import { rememberOrderBeingPaid } from "../../lib/orderBeingPaid";
import PaymentSuccess from "./PaymentSuccess";
import { t } from "../../lib/i18n";
import { INCOMPLETE_ORDER, PAYMENT_NOT_SUCCESSFUL, paymentReturnStep } from "./paymentReturn";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn() }));

const line = { productId: "1", brand: "Tata", quantity: "1", units: "kg", dprice: "30.00", financialId: "7" };

function savedOrder() {
  addToCart(line);
  saveShippingAddress({ street: "12 Main Road", city: "Amalapuram", postalCode: "533201" });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.mocked(redirect).mockReset();
});

describe("paymentReturnStep", () => {
  it("without an orderId goes back to /payment with the error", () => {
    expect(paymentReturnStep("")).toEqual({ next: "/payment", error: t(PAYMENT_NOT_SUCCESSFUL) });
  });

  it("with nothing saved locally goes to /cart", () => {
    expect(paymentReturnStep("?orderId=abc")).toEqual({ next: "/cart", error: t(INCOMPLETE_ORDER) });
  });

  it("after paying an order from its page goes back to that order, with no checkout saved", () => {
    rememberOrderBeingPaid("abc123");
    expect(paymentReturnStep("?orderId=abc123")).toEqual({ next: "/order/abc123" }); // not /cart
    // Remembered once: another return is judged as a checkout's again.
    expect(paymentReturnStep("?orderId=abc123")).toEqual({ next: "/cart", error: t(INCOMPLETE_ORDER) });
  });

  it("after paying an order from its page leaves the shopper's new cart alone", () => {
    savedOrder();
    rememberOrderBeingPaid("abc123");
    expect(paymentReturnStep("?orderId=abc123")).toEqual({ next: "/order/abc123" });
  });

  it("with the order saved goes to the order and clears the cart", () => {
    savedOrder();
    expect(paymentReturnStep("?orderId=abc123")).toEqual({ next: "/order/abc123", clearCart: true });
  });
});

describe("PaymentSuccess", () => {
  it("says the payment went through, clears the cart and opens the order", () => {
    savedOrder();
    window.history.replaceState(null, "", "/payment/success?orderId=abc123");

    render(<PaymentSuccess />);

    expect(screen.getByText("Your payment was successful. Preparing your order...")).toBeInTheDocument();
    expect(getCart().cartItems).toEqual([]);
    expect(redirect).toHaveBeenCalledWith("/order/abc123");
  });

  it("leaves the error for the next page when the orderId is missing", () => {
    window.history.replaceState(null, "", "/payment/success");

    render(<PaymentSuccess />);

    expect(redirect).toHaveBeenCalledWith("/payment");
    expect(JSON.parse(sessionStorage.getItem("flash"))).toEqual({ variant: "danger", text: "Payment was not successful." });
  });
});
