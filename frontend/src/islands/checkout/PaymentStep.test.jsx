import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUserInfo } from "../../lib/auth";
import { getCart, savePaymentMethod } from "../../lib/cart";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import PaymentStep from "./PaymentStep";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const signIn = (fields = {}) =>
  setUserInfo({ _id: "5", name: "Asha", phoneNo: "9000000002", isAdmin: false, token: "tok",
    expiresAt: new Date(Date.now() + 3600_000).toISOString(), ...fields });

const CASH = { value: "Cash Or UPI", label: "Cash Or UPI" };
const ONLINE = { value: "Online", label: "Online" };

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  Object.assign(config, { paymentMethods: [CASH, ONLINE] });
});

describe("payment step", () => {
  it("offers Cash/UPI and Online, with none chosen while the store holds its PayPal default", () => {
    signIn();
    expect(getCart().paymentMethod).toBe("PayPal");
    render(<PaymentStep />);
    const cash = screen.getByRole("radio", { name: "Cash/UPI" });
    const online = screen.getByRole("radio", { name: "Online" });
    expect(cash).not.toBeChecked();
    expect(online).not.toBeChecked();
    expect(screen.getByText("Payment", { selector: "[aria-current]" })).toBeInTheDocument();
  });

  it("asks for a method when none is chosen", async () => {
    signIn();
    const user = userEvent.setup();
    render(<PaymentStep />);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Please select a payment method.")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
    expect(getCart().paymentMethod).toBe("PayPal");
  });

  it("refuses when the profile has no phone number", async () => {
    signIn({ phoneNo: "" });
    const user = userEvent.setup();
    render(<PaymentStep />);
    await user.click(screen.getByRole("radio", { name: "Cash/UPI" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(screen.getByText("Phone number is missing in your profile.")).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("stores Cash/UPI as 'Cash Or UPI' and goes on to place the order", async () => {
    signIn();
    const user = userEvent.setup();
    render(<PaymentStep />);
    await user.click(screen.getByRole("radio", { name: "Cash/UPI" }));
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(getCart().paymentMethod).toBe("Cash Or UPI");
    expect(navigate).toHaveBeenCalledWith("/placeorder");
  });

  it("keeps an earlier valid choice selected", () => {
    signIn();
    savePaymentMethod("Online");
    render(<PaymentStep />);
    expect(screen.getByRole("radio", { name: "Online" })).toBeChecked();
  });

  it("offers only the methods the server lists, and forgets a stored one it no longer offers", () => {
    signIn();
    savePaymentMethod("Online");
    Object.assign(config, { paymentMethods: [CASH] });
    render(<PaymentStep />);
    expect(screen.getAllByRole("radio").map((radio) => radio.value)).toEqual(["Cash Or UPI"]);
    expect(screen.getByRole("radio", { name: "Cash/UPI" })).not.toBeChecked();
  });
});
