import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { t } from "./i18n";
import { navigate } from "./navigation";
import { takeOrderBeingPaid } from "./orderBeingPaid";
import {
  FAILED_TO_INITIATE,
  FAILED_TRY_AGAIN,
  LINK_NOT_AVAILABLE,
  paymentRequest,
  startPayment,
} from "./payment";
import { mockFetch, sentBody } from "./testing/mockFetch";

vi.mock("./navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const order = { _id: "Ord3r", totalPrice: 291.5, user: { phoneNo: "9876500001" } };
const LATER = "/api/payments/initiateJuspayPaymentAtDelivery";

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("startPayment", () => {
  it("sends order_id, amount and customerId and goes to the web link when the status is NEW", async () => {
    const fetchMock = mockFetch({ [`POST ${LATER}`]: { body: { status: "NEW", payment_links: { web: "https://pay.example/x" } } } });
    await expect(startPayment(order)).resolves.toBe("https://pay.example/x");
    expect(sentBody(fetchMock, "POST", LATER)).toEqual({ order_id: "Ord3r", amount: 291.5, customerId: "9876500001" });
    expect(navigate).toHaveBeenCalledWith("https://pay.example/x");
    // The return from the gateway opens this order again (islands/payment-return).
    expect(takeOrderBeingPaid()).toBe("Ord3r");
  });

  it("remembers no order paid later for a checkout's new order", async () => {
    const CHECKOUT = "/api/payments/initiateJuspayPayment";
    mockFetch({ [`POST ${CHECKOUT}`]: { body: { status: "NEW", payment_links: { web: "https://pay.example/y" } } } });
    await startPayment(order, { checkout: true, cartItems: [] });
    expect(takeOrderBeingPaid()).toBeNull();
  });

  it("takes the phone number from the stored login when the order does not carry it", () => {
    localStorage.setItem("userInfo", JSON.stringify({ token: "t", phoneNo: "9000000002" }));
    expect(paymentRequest({ _id: "A", totalPrice: 10 })).toEqual({ order_id: "A", amount: 10, customerId: "9000000002" });
  });

  it("says 'Failed to initiate payment' when the session is not NEW", async () => {
    mockFetch({ [`POST ${LATER}`]: { body: { status: "CHARGED", payment_links: { web: "https://pay.example/x" } } } });
    await expect(startPayment(order)).rejects.toMatchObject({ message: t(FAILED_TO_INITIATE), alerted: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("alerts 'Payment link not available' when there is no web link", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({ [`POST ${LATER}`]: { body: { status: "NEW", payment_links: {} } } });
    await expect(startPayment(order)).rejects.toMatchObject({ message: "Payment link not available", alerted: true });
    expect(alert).toHaveBeenCalledWith(t(LINK_NOT_AVAILABLE));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("says 'Failed to initiate payment. Please try again.' when the call fails", async () => {
    mockFetch({ [`POST ${LATER}`]: { status: 409, body: { message: "This order is already paid." } } });
    await expect(startPayment(order)).rejects.toMatchObject({ message: t(FAILED_TRY_AGAIN) });
  });
});
