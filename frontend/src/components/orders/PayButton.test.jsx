import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import PayButton from "./PayButton";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const order = { _id: "Ord3r", totalPrice: 120, user: { phoneNo: "9876500001" } };
const LATER = "POST /api/payments/initiateJuspayPaymentAtDelivery";

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("PayButton", () => {
  it("starts a payment and stays busy while the browser leaves for the payment page", async () => {
    mockFetch({ [LATER]: { body: { status: "NEW", payment_links: { web: "/payments/sandbox/P1" } } } });
    const user = userEvent.setup();
    render(<PayButton order={order} />);
    await user.click(screen.getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/payments/sandbox/P1"));
    expect(screen.getByRole("button", { name: "Pay" })).toBeDisabled();
  });

  it("shows the failure as a toast and can be pressed again", async () => {
    const errorToast = vi.spyOn(toast, "error");
    mockFetch({ [LATER]: { status: 502, body: { message: "Failed to initiate payment. Please try again." } } });
    const user = userEvent.setup();
    render(<PayButton order={order} />);
    await user.click(screen.getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(errorToast).toHaveBeenCalledWith("Failed to initiate payment. Please try again."));
    expect(screen.getByRole("button", { name: "Pay" })).toBeEnabled();
  });

  it("does not add a toast to the alert about a missing link", async () => {
    const errorToast = vi.spyOn(toast, "error");
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    mockFetch({ [LATER]: { body: { status: "NEW", payment_links: { web: "" } } } });
    const user = userEvent.setup();
    render(<PayButton order={order} />);
    await user.click(screen.getByRole("button", { name: "Pay" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Payment link not available"));
    expect(errorToast).not.toHaveBeenCalled();
  });
});
