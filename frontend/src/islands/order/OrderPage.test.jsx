import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { toast } from "../../lib/toast";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import OrderPage from "./OrderPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const order = {
  _id: "Xy7pQ2rT9vLm3nB8kD4s",
  createdAt: "2026-05-01T10:00:00Z",
  user: { name: "Demo Customer", phoneNo: "9000000002" },
  orderItems: [
    { productId: "1", brandId: "11", financialId: "101", name: "Sona Masoori Rice", brand: "India Gate", quantity: "5", units: "kg",
      qty: 2, price: 399, mrp: 450, image: "/media/rice.svg", lineTotal: 798 },
    { productId: "2", brandId: "21", financialId: "201", name: "Toor Dal", brand: "Tata Sampann", quantity: "1", units: "kg",
      qty: 1, price: 160, mrp: 180, image: "/media/dal.svg", lineTotal: 160 },
  ],
  shippingAddress: { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" },
  paymentMethod: "Cash Or UPI",
  itemsPrice: 958, shippingPrice: 0, totalPrice: 958, amountDue: 958, storeCreditApplied: 0,
  isPaid: false, paidAt: null, isPacked: false, packedAt: null, isDispatched: false, dispatchedAt: null,
  isDelivered: false, deliveredAt: null, status: "placed", invoiceNumber: "SMLR-2026-000001", orderId: null,
  canPay: false,
};

function serve(body, status = 200, more = {}) {
  return mockFetch({
    [`GET /api/orders/${order._id}`]: { status, body },
    [`GET /api/promotions/orders/${order._id}`]: { body: { orderId: order._id, status: "placed", rewards: [] } },
    ...more,
  });
}

beforeEach(() => {
  Object.assign(config, {
    storeName: "SMLR Mart", gstNumber: "37ABCDE1234F1Z5", fssaiNumber: "10123456000123",
    supportPhone: "+91 98765 43210", supportEmail: "care@smlrmart.in", storeAddress: "Main Road, Amalapuram",
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("order page", () => {
  it("shows a loader, then the invoice with the shop's registration numbers and contacts", async () => {
    serve(order);
    render(<OrderPage orderId={order._id} />);
    expect(screen.getByAltText("Loading...")).toBeInTheDocument();
    const invoice = await screen.findByRole("article", { name: "Invoice" });
    for (const text of ["SMLR Mart", "GST No: 37ABCDE1234F1Z5", "FSSAI Lic. No: 10123456000123", "Phone: +91 98765 43210",
      "Email: care@smlrmart.in", "SMLR-2026-000001", order._id, "1 May 2026", "Demo Customer", "Phone: 9000000002",
      "12-4 Gandhi Nagar", "Amalapuram 533201", "Cash/UPI"]) {
      expect(within(invoice).getByText(text)).toBeInTheDocument();
    }
  });

  it("lists each item with brand, pack, qty, price and line total, then the totals", async () => {
    serve(order);
    render(<OrderPage orderId={order._id} />);
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(
      ["1", "Sona Masoori Rice", "India Gate", "5 kg", "2", "₹399.00", "₹798.00"],
    );
    const invoice = screen.getByRole("article", { name: "Invoice" });
    expect(within(invoice).getByText("₹0.00")).toBeInTheDocument();
    expect(within(invoice).getAllByText("₹958.00")).toHaveLength(2);
  });

  it("asks an unpaid order to be paid at delivery, and its Pay button starts a payment", async () => {
    localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000002" }));
    const fetchMock = serve({ ...order, canPay: true }, 200, {
      "POST /api/payments/initiateJuspayPaymentAtDelivery": {
        body: { status: "NEW", payment_links: { web: "/payments/sandbox/P9" } },
      },
    });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Please Pay Amount of ₹958.00 at Delivery time")).toBeInTheDocument();
    expect(screen.queryByText(/Payment Status: Paid/)).toBeNull();
    await userEvent.setup().click(screen.getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payments/sandbox/P9"));
    expect(sentBody(fetchMock, "POST", "/api/payments/initiateJuspayPaymentAtDelivery")).toEqual({
      order_id: order._id,
      amount: 958,
      customerId: "9000000002",
    });
  });

  it("offers no Pay button where the server says the caller cannot pay (an admin viewing someone else's order, a cancelled order)", async () => {
    localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000001", isAdmin: true }));
    serve(order);
    const { unmount } = render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Please Pay Amount of ₹958.00 at Delivery time")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
    unmount();
    localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000002" }));
    serve({ ...order, status: "cancelled", isCancelled: true });
    render(<OrderPage orderId={order._id} />);
    await screen.findByText("This order was cancelled");
    expect(screen.queryByText(/Please Pay Amount/)).toBeNull();
    expect(screen.queryByRole("button", { name: "Pay" })).toBeNull();
  });

  it("shows a paid order's status, invoice number and payment reference", async () => {
    serve({ ...order, isPaid: true, paidAt: "2026-05-02T09:00:00Z", orderId: "CASH-SMLR-2026-000001" });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Payment Status: Paid")).toBeInTheDocument();
    expect(screen.getByText("Invoice Number: SMLR-2026-000001")).toBeInTheDocument();
    expect(screen.getByText("Payment Reference: CASH-SMLR-2026-000001")).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay Amount/)).toBeNull();
  });

  it("keeps the paid date on its own line, out of the spec's status text", async () => {
    serve({ ...order, isPaid: true, paidAt: "2026-05-02T09:00:00Z", orderId: "CASH-SMLR-2026-000001" });
    render(<OrderPage orderId={order._id} />);
    const status = (await screen.findByText("Payment Status: Paid")).closest("p");
    const lines = [...status.parentElement.querySelectorAll("p")].map((line) => line.textContent);
    expect(lines).toEqual([
      "Payment Status: Paid",
      "Invoice Number: SMLR-2026-000001",
      "Payment Reference: CASH-SMLR-2026-000001",
      "Paid on 2 May 2026, 2:30 pm",
    ]);
  });

  it("tracks the order with the four messages and the progress fill", async () => {
    serve({ ...order, isPacked: true, packedAt: "2026-05-01T12:00:00Z", status: "packed" });
    render(<OrderPage orderId={order._id} />);
    const bar = await screen.findByRole("progressbar", { name: "Order progress" });
    expect(bar).toHaveAttribute("aria-valuenow", "65");
    expect(bar.firstChild).toHaveStyle({ width: "65%" });
    const steps = within(screen.getByRole("region", { name: "Track Order" })).getAllByRole("listitem");
    expect(steps.map((step) => step.querySelector(".tracking__message").textContent)).toEqual([
      "Order Successfully Placed and Packing In Progress",
      "Order Packed and Ready for Dispatch",
      "Order Dispatched and Delivery In Progress",
      "Order Delivered",
    ]);
    expect(steps.map((step) => step.className.includes("--done"))).toEqual([true, true, false, false]);
  });

  it("fills the bar to 100% once delivered", async () => {
    serve({ ...order, isPacked: true, isDispatched: true, isDelivered: true, deliveredAt: "2026-05-02T10:00:00Z", status: "delivered" });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  });

  it("asks a delivered cash order for nothing more: no 'Please Pay' and no Pay button (issue 45)", async () => {
    serve({ ...order, isPacked: true, isDispatched: true, isDelivered: true, deliveredAt: "2026-05-02T10:00:00Z", status: "delivered" });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText(/is paid to the rider at the door/)).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay Amount/)).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /pay/i })).not.toBeInTheDocument();
    expect(screen.queryByText(/We are packing it now/)).not.toBeInTheDocument();
  });

  it("says 'We are packing it now' only until the order is packed (issue 45)", async () => {
    serve({ ...order, isPacked: true, packedAt: "2026-05-02T08:00:00Z", status: "packed" });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText(/It is packed and on its way/)).toBeInTheDocument();
    expect(screen.queryByText(/We are packing it now/)).not.toBeInTheDocument();
  });

  it("says 'Order not found' for a 404", async () => {
    serve({ message: "No order with that id." }, 404);
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Order not found")).toBeInTheDocument();
  });

  it("shows the server's message for other failures", async () => {
    serve({ message: "Server is busy" }, 503);
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Server is busy")).toBeInTheDocument();
  });

  it("prints the page itself, which its print stylesheet narrows to the invoice alone", async () => {
    serve(order);
    let printing = [];
    const print = vi.spyOn(window, "print").mockImplementation(() => {
      printing = [...document.querySelectorAll(".print-target")];
    });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    const invoice = await screen.findByRole("article", { name: "Invoice" });
    await user.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(invoice).toHaveClass("printable");
    // The invoice is the one part printed (not the credit notes printed after it with Ctrl+P).
    expect(printing).toEqual([invoice]);
    expect(document.documentElement).toHaveClass("print-one");
    window.dispatchEvent(new Event("afterprint"));
    expect(document.documentElement).not.toHaveClass("print-one");
  });

  it("leads an unpaid cash order with the confirmation, then the spec's pay-at-delivery text, online payment optional", async () => {
    localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000002" }));
    serve({ ...order, canPay: true });
    render(<OrderPage orderId={order._id} />);
    const confirmation = (await screen.findByRole("heading", { name: "Thank you, your order is placed" })).closest("section");
    expect(confirmation).toHaveTextContent("Invoice Number: SMLR-2026-000001");
    const payment = screen.getByText(/Please Pay Amount of .* at Delivery time/).closest("section");
    expect(confirmation.compareDocumentPosition(payment) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(payment).toHaveTextContent("Optional: pay online now instead");
  });

  it("shows a cancelled order's state and reason instead of the steps to come", async () => {
    serve({
      ...order, status: "cancelled", isCancelled: true, cancelledAt: "2026-05-02T09:30:00Z", cancelReason: "Customer asked to cancel",
      isPacked: true, packedAt: "2026-05-01T12:00:00Z", allowedMoves: [],
    });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("This order was cancelled")).toBeInTheDocument();
    expect(screen.queryByText(/Please Pay Amount/)).toBeNull();
    const steps = screen.getAllByRole("listitem").filter((item) => item.className.includes("tracking__step"));
    expect(steps.map((step) => step.querySelector(".tracking__message").textContent)).toEqual([
      "Order Successfully Placed and Packing In Progress", "Order Packed and Ready for Dispatch", "Order Cancelled",
    ]);
    expect(steps.at(-1)).toHaveTextContent("Reason: Customer asked to cancel");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(screen.queryByText("Order Dispatched and Delivery In Progress")).toBeNull();
  });

  it("cancelling shows one toast: the server's announcements of the shopper's own change add none (issue 45)", async () => {
    const sockets = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        static OPEN = 1;
        constructor(url) {
          this.url = url;
          sockets.push(this);
        }
        send() {}
        close() {}
      },
    );
    localStorage.setItem("userInfo", JSON.stringify({ token: "a.b.c", phoneNo: "9000000002" }));
    const info = vi.spyOn(toast, "info");
    const success = vi.spyOn(toast, "success");
    const cancelled = { ...order, status: "cancelled", isCancelled: true, cancelledAt: "2026-05-01T11:00:00Z", canCancel: false };
    serve({ ...order, canCancel: true }, 200, { [`PUT /api/orders/${order._id}/cancel`]: { body: cancelled } });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    await user.click(await screen.findByRole("button", { name: "Cancel order" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Yes, cancel order" }));
    expect(await screen.findByText("This order was cancelled")).toBeInTheDocument();
    const [socket] = sockets;
    socket.readyState = 1;
    socket.onopen();
    serve(cancelled);
    // The cancellation, then its refund and credit note: each a committed change the socket announces.
    socket.onmessage({ data: JSON.stringify({ type: "orderChanged", order: order._id }) });
    socket.onmessage({ data: JSON.stringify({ type: "orderChanged", order: order._id }) });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(success).toHaveBeenCalledTimes(1);
    expect(info).not.toHaveBeenCalled();
    info.mockRestore();
    success.mockRestore();
  });

  it("updates the tracking in place and says so when the server announces a change", async () => {
    const sockets = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        static OPEN = 1;
        constructor(url) {
          this.url = url;
          this.sent = [];
          sockets.push(this);
        }
        send(text) {
          this.sent.push(JSON.parse(text));
        }
        close() {}
      },
    );
    localStorage.setItem("userInfo", JSON.stringify({ token: "a.b.c", phoneNo: "9000000002" }));
    const info = vi.spyOn(toast, "info");
    serve(order);
    render(<OrderPage orderId={order._id} />);
    await screen.findByRole("article", { name: "Invoice" });
    const [socket] = sockets;
    expect(socket.url).toMatch(new RegExp(`/ws/orders/${order._id}/$`));
    socket.readyState = 1;
    socket.onopen();
    expect(socket.sent).toEqual([{ type: "follow", token: "a.b.c" }]);
    socket.onmessage({ data: JSON.stringify({ type: "following", order: order._id }) });

    serve({ ...order, isPacked: true, packedAt: "2026-05-01T12:00:00Z", status: "packed" });
    socket.onmessage({ data: JSON.stringify({ type: "orderChanged", order: order._id }) });
    await waitFor(() => expect(screen.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "65"));
    expect(screen.getByRole("article", { name: "Invoice" })).toBeInTheDocument();
    expect(info).toHaveBeenCalledWith("Order updated: Order Packed and Ready for Dispatch");
    info.mockRestore();
  });

  it("offers the manager the board's Undo of a mistaken move, asking why, and shows the order as the server answers", async () => {
    const delivered = {
      ...order, isPacked: true, packedAt: "2026-05-01T12:00:00Z", isDispatched: true, dispatchedAt: "2026-05-01T13:00:00Z",
      isDelivered: true, deliveredAt: "2026-05-01T15:00:00Z", status: "delivered", undoTo: "dispatched",
    };
    let undone = 0;
    const fetchMock = serve(delivered, 200, {
      [`POST /api/orders/${order._id}/undo`]: () => {
        undone += 1;
        return undone === 1
          ? { status: 400, body: { message: "Say why the move is undone.", code: "invalid" } }
          : { body: { ...delivered, isDelivered: false, deliveredAt: null, status: "dispatched", undoTo: "packed" } };
      },
    });
    const prompt = vi.spyOn(window, "prompt").mockReturnValueOnce("").mockReturnValueOnce("Marked by mistake");
    const success = vi.spyOn(toast, "success");
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);

    await user.click(await screen.findByRole("button", { name: "Undo" }));
    expect(prompt).toHaveBeenCalledWith(
      "Why undo order SMLR-2026-000001's move to delivered? It goes back to dispatched; the reason is kept in its history.",
    );
    expect(await screen.findByText("Say why the move is undone.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Order SMLR-2026-000001 is now dispatched."));
    expect(sentBody(fetchMock, "POST", `/api/orders/${order._id}/undo`)).toEqual({ reason: "" });
    expect(JSON.parse(fetchMock.mock.calls.at(-1)[1].body)).toEqual({ reason: "Marked by mistake" });
    await waitFor(() => expect(screen.getByRole("progressbar")).not.toHaveAttribute("aria-valuenow", "100"));
    expect(screen.queryByText("Say why the move is undone.")).toBeNull();
    prompt.mockRestore();
    success.mockRestore();
  });

  it("offers no Undo where the server gives no undoTo (a shopper, a packer, a placed order)", async () => {
    serve({ ...order, undoTo: null });
    render(<OrderPage orderId={order._id} />);
    await screen.findByRole("article", { name: "Invoice" });
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });
});
