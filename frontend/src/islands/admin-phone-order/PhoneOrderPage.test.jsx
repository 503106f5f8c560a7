import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import PhoneOrderPage from "./PhoneOrderPage";

const PRODUCTS = {
  products: [{ name: "Rice", details: [{ brand: "Lalitha", financials: [{ _id: "31", dprice: "120.00", quantity: "1", units: "kg" }] }] }],
};
const QUOTE = { itemsPrice: "120.00", shippingPrice: "40.00", totalPrice: "160.00" };
const PLACED = {
  _id: "ordX",
  invoiceNumber: "SM/2026-27/0042",
  channel: "phone",
  status: "Placed",
  via: "whatsapp",
  customer: "Sita",
  phoneNo: "9123456780",
  customerCreated: true,
  paymentMethod: "Online",
  isPaid: false,
  totalPrice: "160.00",
  orderItems: [],
  paymentLinkSentAt: null,
  whatsappUrl: "https://wa.me/919123456780?text=Order",
};

afterEach(() => vi.unstubAllGlobals());

describe("a phone order", () => {
  it("makes an account for a new number, places the order with the quote and offers the payment link and WhatsApp", { timeout: 60000 }, async () => {
    const fetchMock = mockFetch({
      "GET /api/counter/customers?phone=9123456780": { status: 404, body: { message: "No account has this number yet; the order will make one." } },
      "GET /api/products?keyword=rice&pageSize=8": { body: PRODUCTS },
      "POST /api/counter/phone-orders/quote": { body: QUOTE },
      "GET /api/slots": { body: { enabled: false, slots: [] } },
      "POST /api/counter/phone-orders": { status: 201, body: PLACED },
      "POST /api/counter/phone-orders/ordX/payment-link": { body: { ...PLACED, paymentLinkSentAt: "2026-12-03T10:00:00Z" } },
    });
    const user = userEvent.setup();
    render(<PhoneOrderPage />);

    await user.type(screen.getByLabelText("Mobile number"), "9123456780");
    await user.click(screen.getByRole("button", { name: "Find" }));
    await user.type(await screen.findByLabelText("Customer's name"), "Sita");
    await user.type(screen.getByLabelText("House, street, area"), "4 Bank Street");
    await user.type(screen.getByLabelText("Town"), "Amalapuram");
    await user.type(screen.getByLabelText("PIN code"), "533201");
    await user.type(screen.getByLabelText("Item name or barcode"), "rice");
    await user.click(screen.getByRole("button", { name: "Search" }));
    await screen.findByText(/Lalitha/);
    await user.click(screen.getByLabelText("Payment link by SMS"));
    await user.click(screen.getByLabelText("WhatsApp"));
    const place = screen.getByRole("button", { name: /Place order/ });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    expect(await screen.findByRole("heading", { name: "Order SM/2026-27/0042 placed" })).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/counter/phone-orders")).toEqual({
      phoneNo: "9123456780",
      lines: [{ financialId: "31", qty: 1 }],
      payment: "link",
      via: "whatsapp",
      itemsPrice: "120.00",
      shippingPrice: "40.00",
      totalPrice: "160.00",
      name: "Sita",
      language: "en",
      address: { street: "4 Bank Street", city: "Amalapuram", postalCode: "533201" },
    });
    expect(screen.getByRole("link", { name: "Send on WhatsApp" })).toHaveAttribute("href", PLACED.whatsappUrl);
    await user.click(screen.getByRole("button", { name: "Text the payment link" }));
    expect(await screen.findByText("Payment link texted to 9123456780.")).toBeInTheDocument();
  });

  it("shows the server's refusal in the staff member's words and places nothing else", async () => {
    mockFetch({
      "GET /api/counter/customers?phone=9876543210": {
        body: { phoneNo: "9876543210", name: "Lakshmi", street: "12 Gandhi Road", city: "Amalapuram", postalCode: "533201", language: "te", hasAddress: true },
      },
      "GET /api/products?keyword=rice&pageSize=8": { body: PRODUCTS },
      "POST /api/counter/phone-orders/quote": { body: QUOTE },
      "GET /api/slots": { body: { enabled: false, slots: [] } },
      "POST /api/counter/phone-orders": { status: 409, body: { message: "Only 0 left of Lalitha Rice 1 kg.", code: "out_of_stock" } },
    });
    const user = userEvent.setup();
    render(<PhoneOrderPage />);

    await user.type(screen.getByLabelText("Mobile number"), "9876543210");
    await user.click(screen.getByRole("button", { name: "Find" }));
    expect(await screen.findByText("Lakshmi")).toBeInTheDocument();
    expect(screen.getByLabelText("The saved address")).toBeChecked();
    await user.type(screen.getByLabelText("Item name or barcode"), "rice");
    await user.click(screen.getByRole("button", { name: "Search" }));
    const place = screen.getByRole("button", { name: /Place order/ });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    expect(await screen.findByText("Only 0 left of Lalitha Rice 1 kg.")).toBeInTheDocument();
  });
});
