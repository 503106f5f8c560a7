// Store credit at checkout: the balance and "Use store credit" appear only for a shopper with
// credit; the credit used and the total to pay are the server's figures; the order asks for that
// credit; an order the credit pays in full goes to its page without a payment.
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, saveShippingAddress, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import PlaceOrderStep from "./PlaceOrderStep";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn(), redirect: vi.fn() }));

const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", category: "RICE & PULSES",
  brand: "India Gate", brandId: "11", financialId: "101", quantity: "5", units: "kg",
  price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg", countInStock: 25,
};

function readyCart(method = "Cash Or UPI") {
  Object.assign(config, { paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }, { value: "Online", label: "Online" }] });
  addToCart({ ...rice, qty: 2 });
  saveShippingAddress({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" });
  savePaymentMethod(method);
}

const QUOTE = "GET /api/orders/store-credit?total=798.00";

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("store credit at checkout", () => {
  it("shows nothing to a shopper with no store credit, and the order asks for none", async () => {
    readyCart();
    const fetchMock = mockFetch({
      [QUOTE]: { body: { balance: 0, applicable: 0, toPay: 798 } },
      "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 798, isPaid: false } },
    });
    render(<PlaceOrderStep />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith("/api/orders/store-credit?total=798.00", expect.anything()));
    expect(screen.queryByRole("checkbox", { name: "Use store credit" })).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/AbC123xyz"));
    expect(sentBody(fetchMock, "POST", "/api/orders")).not.toHaveProperty("storeCredit");
  });

  it("shows the balance; used, it shows the server's credit and total to pay, and the order asks for that credit", async () => {
    readyCart();
    const fetchMock = mockFetch({
      [QUOTE]: { body: { balance: 150.5, applicable: 150.5, toPay: 647.5 } },
      "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 798, storeCreditApplied: 150.5, isPaid: false } },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    expect(await screen.findByText("Store credit available: ₹150.50")).toBeInTheDocument();
    expect(screen.queryByText("To pay")).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Use store credit" }));
    expect(screen.getByText("−₹150.50")).toBeInTheDocument();
    expect(screen.getByText("To pay").nextElementSibling).toHaveTextContent("₹647.50");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/AbC123xyz"));
    expect(sentBody(fetchMock, "POST", "/api/orders")).toMatchObject({ totalPrice: "798.00", storeCredit: 150.5 });
  });

  it("unticked again, the order asks for no credit", async () => {
    readyCart();
    const fetchMock = mockFetch({
      [QUOTE]: { body: { balance: 50, applicable: 50, toPay: 748 } },
      "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 798, isPaid: false } },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    const box = await screen.findByRole("checkbox", { name: "Use store credit" });
    await user.click(box);
    await user.click(box);
    expect(screen.queryByText("To pay")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(sentBody(fetchMock, "POST", "/api/orders")).not.toHaveProperty("storeCredit");
  });

  it("an Online order the credit pays in full goes to its page, paid, without starting a payment", async () => {
    readyCart("Online");
    const fetchMock = mockFetch({
      [QUOTE]: { body: { balance: 1000, applicable: 798, toPay: 0 } },
      "POST /api/orders": { status: 201, body: { _id: "Paid1", totalPrice: 798, storeCreditApplied: 798, amountDue: 0, isPaid: true } },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);
    await user.click(await screen.findByRole("checkbox", { name: "Use store credit" }));
    expect(screen.getByText("To pay").nextElementSibling).toHaveTextContent("₹0.00");
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/Paid1"));
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/api/payments/"))).toBe(false);
  });
});
