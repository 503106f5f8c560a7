// The order page's after-sale parts: the shopper's Cancel order button (shown only when the server
// says so), its confirmation dialog (Escape, focus, busy and error states, the page updating after),
// and the credit notes and refunds under the invoice, printable like it.
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import OrderPage from "./OrderPage";

const order = {
  _id: "Xy7pQ2rT9vLm3nB8kD4s",
  createdAt: "2026-05-01T10:00:00Z",
  user: { name: "Demo Customer", phoneNo: "9000000002" },
  orderItems: [
    { productId: "1", brandId: "11", financialId: "101", name: "Sona Masoori Rice", brand: "India Gate", quantity: "5", units: "kg",
      qty: 2, price: 399, mrp: 450, image: "/media/rice.svg", lineTotal: 798 },
  ],
  shippingAddress: { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" },
  paymentMethod: "Online",
  itemsPrice: 798, shippingPrice: 0, totalPrice: 798,
  isPaid: true, paidAt: "2026-05-01T10:05:00Z", isPacked: false, packedAt: null, isDispatched: false, dispatchedAt: null,
  isDelivered: false, deliveredAt: null, status: "placed", invoiceNumber: "SMLR-2026-000001", orderId: "JP123",
  canCancel: true, creditNotes: [], refunds: [],
};

const creditNote = {
  number: "CN-2026-000001", invoiceNumber: "SMLR-2026-000001", createdAt: "2026-05-01T11:00:00Z", reason: "Cancelled by the customer.",
  placeOfSupply: "Andhra Pradesh", interstate: false,
  lines: [{ name: "Sona Masoori Rice", brand: "India Gate", quantity: "5", units: "kg", hsnCode: "1006", gstRate: 5, qty: 2, price: 399,
    taxableValue: 760, tax: 38, cgst: 19, sgst: 19, igst: 0, amount: 798 }],
  taxableValue: 760, tax: 38, cgst: 19, sgst: 19, igst: 0, total: 798, totalInWords: "Rupees Seven Hundred Ninety-Eight Only",
};

const cancelled = {
  ...order, status: "cancelled", isCancelled: true, cancelledAt: "2026-05-01T11:00:00Z", cancelReason: "Cancelled by the customer.",
  canCancel: false, creditNotes: [creditNote],
  refunds: [{ _id: "R1", amount: 798, state: "pending", reason: "Cancelled by the customer.", createdAt: "2026-05-01T11:00:00Z" }],
};

function serve(body, more = {}) {
  return mockFetch({
    [`GET /api/orders/${order._id}`]: { body },
    [`GET /api/promotions/orders/${order._id}`]: { body: { orderId: order._id, status: "placed", rewards: [] } },
    ...more,
  });
}

beforeEach(() => {
  Object.assign(config, { storeName: "SMLR Mart", gstNumber: "37ABCDE1234F1Z5", supportPhone: "+91 98765 43210" });
  localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000002" }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("cancel order", () => {
  it("offers no Cancel button when the server says the caller may not cancel", async () => {
    serve({ ...order, canCancel: false });
    render(<OrderPage orderId={order._id} />);
    await screen.findByRole("article", { name: "Invoice" });
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
  });

  it("asks first; Escape and Keep order close the dialog, giving focus back, and nothing is sent", async () => {
    const fetchMock = serve(order);
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    const button = await screen.findByRole("button", { name: "Cancel order" });
    await user.click(button);
    const dialog = screen.getByRole("dialog", { name: "Cancel this order?" });
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(within(dialog).getByText(/There is no cancellation fee/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Keep order" })).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByRole("button", { name: "Keep order" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock.mock.calls.some(([, options = {}]) => options.method === "PUT")).toBe(false);
  });

  it("keeps Tab inside the dialog", async () => {
    serve(order);
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    const dialog = screen.getByRole("dialog");
    await user.tab();
    expect(within(dialog).getByRole("button", { name: "Yes, cancel order" })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole("textbox", { name: "Reason (optional)" })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole("button", { name: "Yes, cancel order" })).toHaveFocus();
  });

  it("cancels with the reason given, shows busy while it runs, then the page shows the cancelled order", async () => {
    let answer;
    const fetchMock = serve(order, {
      [`PUT /api/orders/${order._id}/cancel`]: () => new Promise((resolve) => { answer = resolve; }),
    });
    const success = vi.spyOn(toast, "success");
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    await user.type(screen.getByRole("textbox", { name: "Reason (optional)" }), "Ordered twice");
    await user.click(screen.getByRole("button", { name: "Yes, cancel order" }));
    expect(screen.getByRole("button", { name: "Cancelling..." })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Keep order" })).toBeDisabled();
    expect(sentBody(fetchMock, "PUT", `/api/orders/${order._id}/cancel`)).toEqual({ reason: "Ordered twice" });
    await act(async () => answer({ body: cancelled }));
    expect(await screen.findByText("This order was cancelled")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Cancel order" })).toBeNull();
    expect(success).toHaveBeenCalledWith("Your order is cancelled.");
    expect(await screen.findByRole("article", { name: "Credit Note CN-2026-000001" })).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog and lets the shopper close it", async () => {
    serve(order, {
      [`PUT /api/orders/${order._id}/cancel`]: {
        status: 409,
        body: { message: "Order Xy7pQ2rT9vLm3nB8kD4s is already packed, so it can't be cancelled any more.", code: "invalid_transition" },
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    await user.click(screen.getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("already packed, so it can't be cancelled");
    expect(screen.getByRole("button", { name: "Yes, cancel order" })).toBeEnabled();
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("credit notes and refunds", () => {
  it("lays each credit note out like the invoice: its number, the original invoice, lines, CGST and SGST, total in words", async () => {
    serve(cancelled);
    render(<OrderPage orderId={order._id} />);
    const note = await screen.findByRole("article", { name: "Credit Note CN-2026-000001" });
    for (const text of ["CN-2026-000001", "SMLR-2026-000001", "Reason: Cancelled by the customer.", "1006", "Rupees Seven Hundred Ninety-Eight Only"]) {
      expect(within(note).getByText(text)).toBeInTheDocument();
    }
    const cells = within(note).getAllByRole("row")[1].querySelectorAll("td");
    expect([...cells].map((cell) => cell.textContent)).toEqual(
      ["1", "Sona Masoori RiceIndia Gate · 5 kg", "1006", "2", "₹399.00", "5%", "₹760.00", "₹19.00", "₹19.00", "₹798.00"],
    );
    expect(within(note).queryByText("IGST")).toBeNull();
    const refunds = screen.getByRole("region", { name: "Refunds" });
    expect(within(refunds).getByText("Refund in progress")).toBeInTheDocument();
    expect(within(refunds).getByText("₹798.00")).toBeInTheDocument();
  });

  it("shows IGST for an inter-state note", async () => {
    const igst = { ...creditNote, interstate: true, cgst: 0, sgst: 0, igst: 38, lines: [{ ...creditNote.lines[0], cgst: 0, sgst: 0, igst: 38 }] };
    serve({ ...cancelled, creditNotes: [igst], refunds: [] });
    render(<OrderPage orderId={order._id} />);
    const note = await screen.findByRole("article", { name: "Credit Note CN-2026-000001" });
    expect(within(note).getAllByText("IGST").length).toBeGreaterThan(0);
    expect(within(note).queryByText("CGST")).toBeNull();
    expect(screen.queryByRole("region", { name: "Refunds" })).toBeNull();
  });

  it("prints that credit note alone: the other printable parts stay out until printing is over", async () => {
    serve(cancelled);
    let printedTargets = null;
    vi.spyOn(window, "print").mockImplementation(() => {
      printedTargets = [...document.querySelectorAll(".print-one .printable.print-target")].map((part) => part.getAttribute("aria-label"));
    });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    await user.click(await screen.findByRole("button", { name: "Print credit note" }));
    expect(printedTargets).toEqual(["Credit Note CN-2026-000001"]);
    window.dispatchEvent(new Event("afterprint"));
    expect(document.querySelector(".print-target, .print-one")).toBeNull();
  });
});

describe("store credit on the order page", () => {
  it("asks for what is left to pay after store credit, and says how much credit was used", async () => {
    serve({ ...order, paymentMethod: "Cash Or UPI", isPaid: false, paidAt: null, orderId: null, canCancel: false,
      storeCreditApplied: 150.5, amountDue: 647.5 });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Please Pay Amount of ₹647.50 at Delivery time")).toBeInTheDocument();
    expect(screen.getByText("Store credit used: ₹150.50")).toBeInTheDocument();
  });

  it("says nothing of store credit when none was used", async () => {
    serve({ ...order, storeCreditApplied: 0 });
    render(<OrderPage orderId={order._id} />);
    await screen.findByText("Payment Status: Paid");
    expect(screen.queryByText(/Store credit used/)).toBeNull();
  });
});
