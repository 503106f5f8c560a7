import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart, saveShippingAddress, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate, redirect } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import PlaceOrderStep from "./PlaceOrderStep";

vi.mock("../../lib/navigation", async (importOriginal) => ({
  ...(await importOriginal()),
  navigate: vi.fn(),
  redirect: vi.fn(),
}));

const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", category: "RICE & PULSES",
  brand: "India Gate", brandId: "11", financialId: "101", quantity: "5", units: "kg",
  price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg",
};
const dal = {
  productId: "2", name: "Toor Dal", slug: "toor-dal", category: "RICE & PULSES",
  brand: "Tata Sampann", brandId: "21", financialId: "201", quantity: "1", units: "kg",
  price: "180.00", dprice: "160.00", Discount: 11, image: "/media/dal.svg",
};
const home = { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" };
const record = (line, changes = {}) => ({
  productId: line.productId, brandId: line.brandId, financialId: line.financialId, name: line.name, slug: line.slug,
  brand: line.brand, quantity: line.quantity, units: line.units, price: line.price, dprice: line.dprice,
  Discount: line.Discount, countInStock: 25, image: line.image, ...changes,
});

function readyCart(method = "Cash Or UPI") {
  Object.assign(config, { paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }, { value: "Online", label: "Online" }] });
  addToCart({ ...rice, qty: 2 });
  addToCart(dal);
  saveShippingAddress(home);
  savePaymentMethod(method);
}

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(redirect).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("place order step", () => {
  it("sends the shopper back to shipping when the address is incomplete", () => {
    addToCart(rice);
    saveShippingAddress({ ...home, city: " " });
    savePaymentMethod("Cash Or UPI");
    render(<PlaceOrderStep />);
    expect(redirect).toHaveBeenCalledWith("/shipping");
    expect(screen.queryByRole("button", { name: "Place Order" })).toBeNull();
  });

  it("sends the shopper back to payment when no valid method is set (PayPal counts as none)", () => {
    addToCart(rice);
    saveShippingAddress(home);
    render(<PlaceOrderStep />);
    expect(redirect).toHaveBeenCalledWith("/payment");
  });

  it("summarises address, method, lines and totals", () => {
    readyCart();
    render(<PlaceOrderStep />);
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByText("12-4 Gandhi Nagar, Amalapuram 533201")).toBeInTheDocument();
    expect(screen.getByText("Cash/UPI")).toBeInTheDocument();
    expect(screen.getByText("2 × ₹399.00 = ₹798.00")).toBeInTheDocument();
    expect(screen.getByText("1 × ₹160.00 = ₹160.00")).toBeInTheDocument();
    expect(screen.getAllByText("₹958.00")).toHaveLength(2);
    expect(screen.getByText("₹0.00")).toBeInTheDocument();
  });

  it("says 'Order is empty' and will not place an empty order", () => {
    saveShippingAddress(home);
    savePaymentMethod("Cash Or UPI");
    render(<PlaceOrderStep />);
    expect(screen.getByText("Order is empty")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("places a cash order, clears the cart's lines and goes to the order", async () => {
    readyCart();
    const fetchMock = mockFetch({ "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 958 } } });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/AbC123xyz"));
    const body = sentBody(fetchMock, "POST", "/api/orders");
    expect(body).toMatchObject({
      shippingAddress: home,
      paymentMethod: "Cash Or UPI",
      itemsPrice: "958.00",
      shippingPrice: "0.00",
      totalPrice: "958.00",
    });
    expect(body.orderItems).toHaveLength(2);
    expect(body.orderItems[0]).toMatchObject({ productId: "1", brandId: "11", financialId: "101", qty: 2 });
    expect(getCart().cartItems).toEqual([]);
    expect(getCart().shippingAddress).toEqual(home);
  });

  it("places an Online order, starts its payment and leaves for the payment page with the cart kept", async () => {
    readyCart("Online");
    const fetchMock = mockFetch({
      "POST /api/orders": { status: 201, body: { _id: "On1ine", isPaid: false, totalPrice: 958, user: { phoneNo: "9000000002" } } },
      "POST /api/payments/initiateJuspayPayment": {
        body: { status: "NEW", id: "ordeh_1", order_id: "PXYZ", payment_links: { web: "/payments/sandbox/PXYZ" } },
      },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payments/sandbox/PXYZ"));
    expect(sentBody(fetchMock, "POST", "/api/orders").paymentMethod).toBe("Online");
    const start = sentBody(fetchMock, "POST", "/api/payments/initiateJuspayPayment");
    expect(start).toMatchObject({ order_id: "On1ine", amount: 958, customerId: "9000000002" });
    expect(start.cartItems).toHaveLength(2);
    // /payment/success checks these and clears them once the payment comes back paid.
    expect(getCart().cartItems).toHaveLength(2);
    expect(JSON.parse(localStorage.getItem("cartItems"))).toHaveLength(2);
  });

  it("when the payment cannot start, says so and opens the unpaid order, whose Pay button retries", async () => {
    readyCart("Online");
    mockFetch({
      "POST /api/orders": { status: 201, body: { _id: "On1ine", isPaid: false, totalPrice: 958 } },
      "POST /api/payments/initiateJuspayPayment": { status: 502, body: { message: "Failed to initiate payment. Please try again." } },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/On1ine"));
    expect(JSON.parse(sessionStorage.getItem("flash"))).toEqual({
      variant: "danger",
      text: "Failed to initiate payment. Please try again.",
    });
    expect(getCart().cartItems).toEqual([]);
  });

  it("on a price change refreshes the cart from the server's records, says why and stays", async () => {
    readyCart();
    const message = "Prices have changed since these items were added. Your cart now shows the current prices; please review it and place the order again.";
    mockFetch({
      "POST /api/orders": {
        status: 409,
        body: { message, code: "price_changed", items: [record(rice, { dprice: 420 }), record(dal)] },
      },
    });
    const errorToast = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
    expect(navigate).not.toHaveBeenCalled();
    expect(getCart().totalPrice).toBe("1000.00");
    expect(await screen.findByText("2 × ₹420.00 = ₹840.00")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled();
  });

  it("on out of stock updates the short pack, keeps the other lines and holds the order", async () => {
    readyCart();
    const message = "Sorry, not enough stock for: India Gate Sona Masoori Rice 5 kg (out of stock). Please update your cart.";
    mockFetch({
      "POST /api/orders": { status: 409, body: { message, code: "out_of_stock", items: [record(rice, { countInStock: 0 })] } },
    });
    const errorToast = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith(message));
    const lines = getCart().cartItems;
    expect(lines.map((line) => line.financialId)).toEqual(["101", "201"]);
    expect(lines[0].countInStock).toBe(0);
    expect(await screen.findByText("Out of stock")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeDisabled();
  });

  it("shows any other failure as a toast with the server's message", async () => {
    readyCart();
    mockFetch({ "POST /api/orders": { status: 400, body: { message: "Shipping address must match the address saved in your profile." } } });
    const errorToast = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith("Shipping address must match the address saved in your profile."));
    expect(getCart().cartItems).toHaveLength(2);
    expect(navigate).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Place Order" })).toBeEnabled();
  });
});
