import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { addToCart, saveShippingAddress, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import PlaceOrderStep from "./PlaceOrderStep";
import SlotChoice, { slotDays, slotToChoose } from "./SlotChoice";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn(), redirect: vi.fn() }));

// As GET /api/slots answers (slots/booking.py decides each state and reason).
const slot = (id, date, dayLabel, timeLabel, state, placesLeft, reason = "") => ({
  id, date, dayLabel, timeLabel, label: `${dayLabel}, ${timeLabel}`, state, choosable: state === "open", placesLeft, reason,
});
const SLOTS = {
  enabled: true,
  slots: [
    slot("2026-11-26.1", "2026-11-26", "Thu 26 Nov", "16:00–19:00", "closed", 4, "Closed: orders for this time closed at 14:00"),
    slot("2026-11-27.2", "2026-11-27", "Fri 27 Nov", "7:00–10:00", "full", 0, "Full"),
    slot("2026-11-27.3", "2026-11-27", "Fri 27 Nov", "10:00–13:00", "open", 1),
    slot("2026-11-27.4", "2026-11-27", "Fri 27 Nov", "16:00–19:00", "open", 12),
  ],
};
const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", brand: "India Gate", brandId: "11",
  financialId: "101", quantity: "5", units: "kg", price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg",
};

afterEach(() => vi.unstubAllGlobals());

function readyToPlace() {
  Object.assign(config, { paymentMethods: [{ value: "Cash Or UPI", label: "Cash Or UPI" }] });
  addToCart({ ...rice, qty: 1 });
  saveShippingAddress({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" });
  savePaymentMethod("Cash Or UPI");
}

describe("delivery slot choice", () => {
  it("groups the server's slots by day and chooses the first open one", () => {
    expect(slotDays(SLOTS.slots).map((day) => [day.day, day.slots.length])).toEqual([["Thu 26 Nov", 1], ["Fri 27 Nov", 3]]);
    expect(slotToChoose(SLOTS.slots, "")).toBe("2026-11-27.3");
    expect(slotToChoose(SLOTS.slots, "2026-11-27.4")).toBe("2026-11-27.4");
    expect(slotToChoose(SLOTS.slots, "2026-11-27.2")).toBe("2026-11-27.3"); // full: not kept
    expect(slotToChoose([], "")).toBe("");
  });

  it("shows full and closed slots with the server's reason, not choosable", async () => {
    mockFetch({ "GET /api/slots": { body: SLOTS } });
    const onChange = vi.fn();
    render(<SlotChoice value="" onChange={onChange} />);

    expect(await screen.findByRole("group", { name: "Delivery time" })).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /7:00–10:00\s*Full/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: /16:00–19:00\s*Closed: orders for this time closed at 14:00/ })).toBeDisabled();
    expect(screen.getByRole("radio", { name: /10:00–13:00\s*1 place left/ })).toBeEnabled();
    expect(screen.getByRole("radio", { name: /16:00–19:00\s*12 places left/ })).toBeEnabled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith("2026-11-27.3"));
  });

  it("shows nothing when the shop has no slots", async () => {
    const fetchMock = mockFetch({ "GET /api/slots": { body: { enabled: false, slots: [] } } });
    const { container } = render(<SlotChoice value="" onChange={() => {}} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector(".slot-choice")).toBeNull());
  });

  it("sends the chosen slot with the order", async () => {
    readyToPlace();
    const fetchMock = mockFetch({
      "GET /api/slots": { body: SLOTS },
      "POST /api/orders": { status: 201, body: { _id: "AbC123xyz", totalPrice: 399 } },
    });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);

    await user.click(await screen.findByRole("radio", { name: /16:00–19:00\s*12 places left/ }));
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/order/AbC123xyz"));
    expect(sentBody(fetchMock, "POST", "/api/orders").deliverySlot).toBe("2026-11-27.4");
  });

  it("a slot that filled up moves the choice to the next free one the server offers", async () => {
    readyToPlace();
    navigate.mockClear();
    const full = {
      status: 409,
      body: { message: "Sorry, the delivery time was just taken.", code: "slot_full", nextSlot: SLOTS.slots[3] },
    };
    const fetchMock = mockFetch({ "GET /api/slots": { body: SLOTS }, "POST /api/orders": full });
    const user = userEvent.setup();
    render(<PlaceOrderStep />);

    await waitFor(() => expect(screen.getByRole("radio", { name: /10:00–13:00/ })).toBeChecked());
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    await waitFor(() => expect(screen.getByRole("radio", { name: /16:00–19:00\s*12 places left/ })).toBeChecked());
    expect(sentBody(fetchMock, "POST", "/api/orders").deliverySlot).toBe("2026-11-27.3");
    expect(navigate).not.toHaveBeenCalled();
  });
});
