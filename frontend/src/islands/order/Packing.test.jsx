// The order page's packing parts: what the shopper asked for an unavailable item and the changes
// made at packing (for everyone), and the staff's panel (only when the server says so) that reduces,
// removes or replaces a line with confirmation, busy and error states, the page updating after.
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import OrderPage from "./OrderPage";
import { packOptions } from "./PackingPanel";

const rice = {
  _id: "501", productId: "1", brandId: "11", financialId: "101", name: "Sona Masoori Rice", brand: "India Gate", quantity: "5",
  units: "kg", qty: 3, price: 399, mrp: 450, image: "/media/rice.svg", lineTotal: 1197,
};
const oil = {
  _id: "502", productId: "2", brandId: "21", financialId: "201", name: "Sunflower Oil", brand: "Fortune", quantity: "1",
  units: "L", qty: 1, price: 145.5, mrp: 160, image: "/media/oil.svg", lineTotal: 145.5,
};
const order = {
  _id: "Xy7pQ2rT9vLm3nB8kD4s",
  createdAt: "2026-05-01T10:00:00Z",
  user: { name: "Demo Customer", phoneNo: "9000000002" },
  orderItems: [rice, oil],
  shippingAddress: { street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" },
  paymentMethod: "Cash Or UPI",
  itemsPrice: 1342.5, shippingPrice: 0, totalPrice: 1342.5,
  isPaid: false, paidAt: null, isPacked: false, packedAt: null, isDispatched: false, dispatchedAt: null,
  isDelivered: false, deliveredAt: null, status: "placed", invoiceNumber: "SMLR-2026-000001", orderId: null,
  substitutionPreference: "replace", substitutionPreferenceLabel: "Replace with a similar item",
  lineChanges: [], canChangeLines: true, canCancel: false, creditNotes: [], refunds: [],
};
const reduced = {
  ...order,
  orderItems: [{ ...rice, qty: 1, lineTotal: 399 }, oil],
  itemsPrice: 544.5, totalPrice: 544.5,
  lineChanges: [{
    kind: "reduced", kindLabel: "Reduced", oldPack: "India Gate Sona Masoori Rice 5 kg", oldQty: 3,
    newPack: "India Gate Sona Masoori Rice 5 kg", newQty: 1, amount: 798, reason: "Torn bags", at: "2026-05-01T11:00:00Z",
  }],
};
const daawat = {
  _id: "9", name: "Sona Masoori Rice",
  details: [
    { _id: "11", brand: "India Gate", financials: [{ _id: "101", quantity: "5", units: "kg", dprice: 399, countInStock: 20 }] },
    { _id: "12", brand: "Daawat", financials: [
      { _id: "102", quantity: "5", units: "kg", dprice: 420, countInStock: 8 },
      { _id: "103", quantity: "1", units: "kg", dprice: 95, countInStock: 0 },
    ] },
  ],
};

function serve(body, more = {}) {
  return mockFetch({
    [`GET /api/orders/${order._id}`]: { body },
    [`GET /api/promotions/orders/${order._id}`]: { body: { orderId: order._id, status: "placed", rewards: [] } },
    ...more,
  });
}

beforeEach(() => {
  Object.assign(config, { storeName: "SMLR Mart", gstNumber: "37ABCDE1234F1Z5" });
  localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000001", isAdmin: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe("packing on the order page", () => {
  it("shows the shopper's choice and the changes made, but no panel when the server says no", async () => {
    serve({ ...reduced, canChangeLines: false });
    render(<OrderPage orderId={order._id} />);

    expect(await screen.findByText("If an item is unavailable: Replace with a similar item")).toBeInTheDocument();
    const changes = screen.getByRole("region", { name: "Changed at packing" });
    expect(within(changes).getByText("India Gate Sona Masoori Rice 5 kg: 3 packs, now 1")).toBeInTheDocument();
    expect(within(changes).getByText("Total down by ₹798.00")).toBeInTheDocument();
    expect(within(changes).getByText(/Torn bags/)).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Change items (packing)" })).toBeNull();
  });

  it("lets staff reduce a line after confirming, and shows the order the server answers", async () => {
    const fetchMock = serve(order, { [`PUT /api/orders/${order._id}/items/501`]: { body: reduced } });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);

    const actions = await screen.findByRole("group", { name: "Change India Gate Sona Masoori Rice 5 kg" });
    await user.click(within(actions).getByRole("button", { name: "Reduce" }));
    await user.selectOptions(screen.getByLabelText("Packs to send"), "1");
    await user.type(screen.getByLabelText("Reason (optional)"), "Torn bags");
    await user.click(screen.getByRole("button", { name: "Reduce to 1" }));

    await waitFor(() => expect(screen.getByText("India Gate Sona Masoori Rice 5 kg: 3 packs, now 1")).toBeInTheDocument());
    expect(sentBody(fetchMock, "PUT", `/api/orders/${order._id}/items/501`)).toEqual({ qty: 1, reason: "Torn bags" });
    expect(screen.getAllByText("₹544.50").length).toBeGreaterThan(0);
    expect(screen.getByText("1 × India Gate Sona Masoori Rice 5 kg")).toBeInTheDocument();
  });

  it("says a change once: the page's live update of the same change is no second toast", async () => {
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
    const success = vi.spyOn(toast, "success");
    const info = vi.spyOn(toast, "info");
    serve(order, { [`PUT /api/orders/${order._id}/items/501`]: { body: reduced } });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);
    const actions = await screen.findByRole("group", { name: "Change India Gate Sona Masoori Rice 5 kg" });
    await waitFor(() => expect(sockets).toHaveLength(1));
    const [socket] = sockets;
    socket.readyState = 1;
    socket.onopen();
    socket.onmessage({ data: JSON.stringify({ type: "following", order: order._id }) });

    await user.click(within(actions).getByRole("button", { name: "Reduce" }));
    await user.selectOptions(screen.getByLabelText("Packs to send"), "1");
    await user.click(screen.getByRole("button", { name: "Reduce to 1" }));
    await waitFor(() => expect(screen.getByText("1 × India Gate Sona Masoori Rice 5 kg")).toBeInTheDocument());
    // The server announces the change just made; the page reads the order again.
    serve(reduced);
    socket.onmessage({ data: JSON.stringify({ type: "orderChanged", order: order._id }) });
    await waitFor(() => expect(globalThis.fetch).toHaveBeenCalledWith(expect.stringContaining(`/api/orders/${order._id}`), expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(success).toHaveBeenCalledTimes(1);
    expect(info).not.toHaveBeenCalled();
  });

  it("names one pack removed in the singular", async () => {
    const removed = { ...reduced, lineChanges: [{ ...reduced.lineChanges[0], kind: "removed", oldPack: "Fortune Sunflower Oil 1 L", oldQty: 1, newQty: 0 }] };
    serve({ ...removed, canChangeLines: false });
    render(<OrderPage orderId={order._id} />);
    expect(await screen.findByText("Fortune Sunflower Oil 1 L: 1 pack removed")).toBeInTheDocument();
  });

  it("asks before removing a line and shows the server's refusal in place", async () => {
    const refusal = { status: 409, body: { message: "This is the order's last item; cancel the order instead.", code: "last_line" } };
    const fetchMock = serve(order, { [`PUT /api/orders/${order._id}/items/502`]: refusal });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);

    const actions = await screen.findByRole("group", { name: "Change Fortune Sunflower Oil 1 L" });
    expect(within(actions).queryByRole("button", { name: "Reduce" })).toBeNull(); // one pack: remove or replace
    await user.click(within(actions).getByRole("button", { name: "Remove" }));
    expect(screen.getByText("Remove Fortune Sunflower Oil 1 L from the order?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Yes, remove it" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("cancel the order instead");
    expect(sentBody(fetchMock, "PUT", `/api/orders/${order._id}/items/502`)).toEqual({ qty: 0, reason: "" });
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("replaces a line with a pack found in the catalog, out-of-stock packs not choosable", async () => {
    const replaced = { ...order, lineChanges: [{ ...reduced.lineChanges[0], kind: "replaced", newPack: "Daawat Sona Masoori Rice 5 kg", newQty: 2, amount: 399 }] };
    const fetchMock = serve(order, {
      "GET /api/admin/products": { body: [daawat] },
      [`POST /api/orders/${order._id}/items/501/replace`]: { body: replaced },
    });
    const user = userEvent.setup();
    render(<OrderPage orderId={order._id} />);

    const actions = await screen.findByRole("group", { name: "Change India Gate Sona Masoori Rice 5 kg" });
    await user.click(within(actions).getByRole("button", { name: "Replace" }));
    await user.click(screen.getByRole("button", { name: "Replace with this pack" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Choose a pack first.");

    const pack = await screen.findByRole("radio", { name: "Daawat Sona Masoori Rice 5 kg · ₹420.00 · 8 in stock" });
    expect(screen.getByRole("radio", { name: "Daawat Sona Masoori Rice 1 kg · ₹95.00 · 0 in stock" })).toBeDisabled();
    expect(screen.queryByRole("radio", { name: /India Gate/ })).toBeNull(); // the line's own pack
    await user.click(pack);
    await user.clear(screen.getByLabelText("Packs of the replacement"));
    await user.type(screen.getByLabelText("Packs of the replacement"), "2");
    await user.click(screen.getByRole("button", { name: "Replace with this pack" }));

    await waitFor(() => expect(screen.getByText(/replaced by 2 × Daawat Sona Masoori Rice 5 kg/)).toBeInTheDocument());
    expect(sentBody(fetchMock, "POST", `/api/orders/${order._id}/items/501/replace`)).toEqual({
      financialId: "102", qty: 2, shopperAgreed: false, reason: "",
    });
    const search = fetchMock.mock.calls.map(([url]) => String(url)).find((url) => url.includes("/api/admin/products"));
    expect(search).toContain("keyword=Sona+Masoori+Rice");
  });

  it("lists every pack of the products found", () => {
    expect(packOptions([daawat]).map((pack) => pack.financialId)).toEqual(["101", "102", "103"]);
    expect(packOptions(null)).toEqual([]);
  });
});
