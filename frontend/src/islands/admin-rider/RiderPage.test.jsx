import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import RiderPage from "./RiderPage";

const STOP = {
  number: 1,
  _id: "ord1",
  invoiceNumber: "SM/2026-27/0001",
  customer: "Lakshmi",
  phoneNo: "9876543210",
  street: "12 Gandhi Road",
  city: "Amalapuram",
  postalCode: "533201",
  status: "Dispatched",
  paymentMethod: "Cash Or UPI",
  paymentState: "cash_due",
  totalPrice: "240.00",
  toCollect: "240.00",
  substitutionPreference: "call",
  mapUrl: "https://www.google.com/maps/search/?api=1&query=12%20Gandhi%20Road",
};
const FIGURES = { rider: "7", riderName: "Ravi", deliveries: 0, cash: "0.00", upi: "0.00" };
const ROUND = { stops: [STOP], toCollect: "240.00", delivered: [], figures: FIGURES };
const AFTER = {
  stops: [],
  toCollect: "0.00",
  delivered: [{ _id: "ord1", invoiceNumber: STOP.invoiceNumber, customer: "Lakshmi", method: "cash", amount: "240.00", collectedAt: "2026-12-03T10:00:00Z" }],
  figures: { ...FIGURES, deliveries: 1, cash: "240.00" },
};

afterEach(() => vi.unstubAllGlobals());

describe("the rider's round", () => {
  it("shows a stop with call and map links, and marks it delivered with the cash collected", async () => {
    const fetchMock = mockFetch({ "GET /api/rider/round": { body: ROUND }, "POST /api/rider/orders/ord1/deliver": { body: AFTER } });
    const user = userEvent.setup();
    render(<RiderPage />);

    const stop = (await screen.findByRole("heading", { name: /Lakshmi/ })).closest("li");
    expect(within(stop).getByRole("link", { name: "Call 9876543210" })).toHaveAttribute("href", "tel:+919876543210");
    expect(within(stop).getByRole("link", { name: "Map" })).toHaveAttribute("href", STOP.mapUrl);
    await user.click(within(stop).getByRole("button", { name: /Delivered, .*240.* collected/ }));

    await waitFor(() => expect(screen.getByText(`Order ${STOP.invoiceNumber} delivered.`)).toBeInTheDocument());
    expect(sentBody(fetchMock, "POST", "/api/rider/orders/ord1/deliver")).toEqual({ method: "cash", amount: "240.00", reference: "" });
    expect(screen.getByText(/Cash collected: .*240/)).toBeInTheDocument();
  });

  it("asks why when the cash handed over differs, and shows the server's refusal", async () => {
    const fetchMock = mockFetch({
      "GET /api/rider/round": { body: AFTER },
      "POST /api/rider/handover": { status: 400, body: { message: "The cash handed over (₹200.00) differs from the cash collected (₹240.00): say why." } },
    });
    const user = userEvent.setup();
    render(<RiderPage />);

    const handed = await screen.findByLabelText("Cash handed over (₹)");
    await user.clear(handed);
    await user.type(handed, "200");
    expect(screen.getByText(/Difference: .*40/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hand over the cash" }));

    expect(await screen.findByText(/differs from the cash collected/)).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/rider/handover")).toEqual({ handedOver: "200", reason: "" });
  });
});
