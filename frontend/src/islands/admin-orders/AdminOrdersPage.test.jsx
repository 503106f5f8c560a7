import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminOrdersPage from "./AdminOrdersPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const base = {
  createdAt: "2026-05-01T10:00:00Z", totalPrice: 958, invoiceNumber: "SMLR-2026-000001",
  user: { name: "Demo Customer", phoneNo: "9000000002" },
  isPaid: false, paidAt: null, isPacked: false, packedAt: null, isDispatched: false, dispatchedAt: null,
  isDelivered: false, deliveredAt: null, status: "placed", allowedMoves: ["packed", "cancelled"],
  isCancelled: false, cancelledAt: null, cancelReason: "",
};
const placed = { ...base, _id: "Placed00000000000001", invoiceNumber: "SMLR-2026-000001" };
const dispatched = {
  ...base, _id: "Dispatched0000000002", invoiceNumber: "SMLR-2026-000002", status: "dispatched", isPaid: true, paidAt: "2026-05-01T11:00:00Z",
  isPacked: true, packedAt: "2026-05-01T12:00:00Z", isDispatched: true, dispatchedAt: "2026-05-02T08:00:00Z",
  allowedMoves: ["delivered"],
};
const LIST = "GET /api/orders?pageNumber=1";
/** The list answer of contracts §7: a JSON array, the total in X-Total-Count, the pages in Link. */
const page = (orders, { total = orders.length, last = 1 } = {}) => ({
  body: orders,
  headers: {
    "X-Total-Count": String(total),
    Link: `<http://shop.test/api/orders?pageNumber=1>; rel="first", <http://shop.test/api/orders?pageNumber=${last}>; rel="last"`,
  },
});

// Staff find an order by its invoice number, the link to its page.
const rowOf = (id) => screen.getByRole("link", { name: id }).closest("tr");

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("admin order list", () => {
  it("lists every order with the customer's name and phone, date, total and pipeline state", async () => {
    const fetchMock = mockFetch({ [LIST]: page([placed, dispatched]) });
    render(<AdminOrdersPage page={1} status="" />);
    await screen.findByRole("table");
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(
      ["ID", "User", "Date", "Total", "Paid", "Packed", "Dispatched", "Delivered", "Actions"],
    );
    const row = rowOf(dispatched.invoiceNumber);
    expect(within(row).getByText("Demo Customer")).toBeInTheDocument();
    expect(within(row).getByRole("link", { name: "9000000002" })).toHaveAttribute("href", "tel:+919000000002");
    expect(within(row).getByText("₹958.00")).toBeInTheDocument();
    expect(within(row).getByText("2026-05-02")).toBeInTheDocument();
    expect(within(row).getAllByRole("img", { name: "No" })).toHaveLength(1);
    expect(within(rowOf(placed.invoiceNumber)).getAllByRole("img", { name: "No" })).toHaveLength(4);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("flags a payment staff must refund or re-confirm on its order's row", async () => {
    const late = {
      ...base, _id: "Cancelled00000000003", invoiceNumber: "SMLR-2026-000003", status: "cancelled", isCancelled: true, allowedMoves: [],
      cancelReason: "Not paid online within 30 minutes",
      paymentAlerts: [{ reference: "PAbc", amount: 958, problem: "Charged after the order was cancelled" }],
    };
    mockFetch({ [LIST]: page([placed, late]) });
    render(<AdminOrdersPage page={1} status="" />);
    await screen.findByRole("table");
    expect(within(rowOf(late.invoiceNumber)).getByRole("note")).toHaveTextContent(
      "Needs staff: Charged after the order was cancelled (₹958.00, payment PAbc)",
    );
    expect(within(rowOf(placed.invoiceNumber)).queryByRole("note")).toBeNull();
  });

  it("shows what the shopper asked for an unavailable item, as the server labels it", async () => {
    const replace = { ...placed, substitutionPreference: "replace", substitutionPreferenceLabel: "Replace with a similar item" };
    mockFetch({ [LIST]: page([replace, dispatched]) });
    render(<AdminOrdersPage page={1} status="" />);
    await screen.findByRole("table");
    expect(within(rowOf(placed.invoiceNumber)).getByText("If unavailable: Replace with a similar item")).toBeInTheDocument();
    expect(within(rowOf(dispatched.invoiceNumber)).queryByText(/If unavailable/)).toBeNull();
  });

  it("asks the server for the page and status in the address, and filters by status", async () => {
    const fetchMock = mockFetch({ "GET /api/orders?pageNumber=2&status=packed": page([], { total: 45, last: 3 }) });
    const user = userEvent.setup();
    render(<AdminOrdersPage page={2} status="packed" />);
    expect(await screen.findByText("No orders found.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("href", "/admin/orderlist?status=packed&pageNumber=3");
    await user.selectOptions(screen.getByRole("combobox", { name: "Status" }), "delivered");
    expect(navigate).toHaveBeenCalledWith("/admin/orderlist?status=delivered");
  });

  it("moves a placed order to packed through the status endpoint and reloads the list", async () => {
    let packed = false;
    const fetchMock = mockFetch({
      [LIST]: () =>
        page([packed ? { ...placed, status: "packed", isPacked: true, packedAt: "2026-05-01T12:00:00Z", allowedMoves: ["dispatched", "cancelled"] } : placed]),
      [`PUT /api/orders/${placed._id}/status`]: () => {
        packed = true;
        return { body: { ...placed, status: "packed" } };
      },
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    await user.click(await screen.findByRole("button", { name: "Mark as Packed" }));
    expect(await screen.findByRole("button", { name: "Mark as Dispatched" })).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", `/api/orders/${placed._id}/status`)).toEqual({ status: "packed" });
    expect(screen.getByText(`Order ${placed.invoiceNumber} is now packed.`)).toBeInTheDocument();
  });

  it("marks a dispatched order delivered through the deliver endpoint", async () => {
    const fetchMock = mockFetch({
      [LIST]: page([dispatched]),
      [`PUT /api/orders/${dispatched._id}/deliver`]: { body: { ...dispatched, status: "delivered" } },
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    await user.click(await screen.findByRole("button", { name: "Mark as Delivered" }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith(`/api/orders/${dispatched._id}/deliver`, expect.objectContaining({ method: "PUT" })),
    );
    expect(screen.queryByRole("button", { name: "Record cash payment" })).toBeNull();
  });

  it("shows the server's message when a move is refused", async () => {
    const message = `Order ${placed._id} is already packed.`;
    mockFetch({
      [LIST]: page([placed]),
      [`PUT /api/orders/${placed._id}/status`]: { status: 409, body: { message, code: "invalid_transition" } },
    });
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    await user.click(await screen.findByRole("button", { name: "Mark as Packed" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("records a cash payment after the admin confirms it", async () => {
    const fetchMock = mockFetch({
      [LIST]: page([placed]),
      [`PUT /api/orders/${placed._id}/pay`]: { body: { ...placed, isPaid: true } },
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    const button = await screen.findByRole("button", { name: "Record cash payment" });
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(button);
    expect(confirm).toHaveBeenLastCalledWith(`Record a cash payment of ₹958.00 for order ${placed.invoiceNumber}?`);
    expect(await screen.findByText(`Cash payment recorded for order ${placed.invoiceNumber}.`)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(`/api/orders/${placed._id}/pay`, expect.objectContaining({ method: "PUT" }));
  });

  it("cancels an order with the reason the admin types, and shows it cancelled", async () => {
    let cancelled = false;
    const fetchMock = mockFetch({
      [LIST]: () =>
        page([cancelled ? { ...placed, status: "cancelled", isCancelled: true, cancelReason: "Customer asked", allowedMoves: [] } : placed]),
      [`PUT /api/orders/${placed._id}/cancel`]: () => {
        cancelled = true;
        return { body: { ...placed, status: "cancelled" } };
      },
    });
    const prompt = vi.spyOn(window, "prompt").mockReturnValueOnce("  ").mockReturnValueOnce("Customer asked");
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    const cancel = await screen.findByRole("button", { name: "Cancel Order" });
    await user.click(cancel);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.click(cancel);
    expect(prompt).toHaveBeenLastCalledWith(`Why is order ${placed.invoiceNumber} cancelled? The customer reads this reason.`);
    expect(await screen.findByText("Cancelled: Customer asked")).toBeInTheDocument();
    expect(sentBody(fetchMock, "PUT", `/api/orders/${placed._id}/cancel`)).toEqual({ reason: "Customer asked" });
    const row = rowOf(placed.invoiceNumber);
    expect(within(row).queryByRole("button", { name: /Mark as|Cancel Order|Record cash payment/ })).toBeNull();
  });

  it("says so when the server refuses a cancel", async () => {
    const message = "Order can no longer be cancelled.";
    mockFetch({
      [LIST]: page([placed]),
      [`PUT /api/orders/${placed._id}/cancel`]: { status: 409, body: { message } },
    });
    vi.spyOn(window, "prompt").mockReturnValue("Too late");
    const user = userEvent.setup();
    render(<AdminOrdersPage page={1} status="" />);
    await user.click(await screen.findByRole("button", { name: "Cancel Order" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
  });

  it("shows a load failure", async () => {
    mockFetch({ [LIST]: { status: 403, body: { message: "You do not have permission to perform this action." } } });
    render(<AdminOrdersPage page={1} status="" />);
    expect(await screen.findByRole("alert")).toHaveTextContent("You are not allowed to do this.");
  });
});
