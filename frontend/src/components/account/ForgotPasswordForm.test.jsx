import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { showFlash, toast } from "../../lib/toast";
import ForgotPasswordForm from "./ForgotPasswordForm";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const routes = (extra = {}) => ({
  "POST /api/users/otp/send": { body: { message: "OTP sent successfully!", resendIn: 300 } },
  "POST /api/users/otp/verify": { body: { verificationToken: "reset-token" } },
  "POST /api/users/forgot-password": { body: { message: "Password reset successfully" } },
  ...extra,
});

async function verifyPhone(user) {
  await user.type(screen.getByLabelText("Phone Number"), "9876543210");
  await user.click(screen.getByRole("button", { name: "Send OTP via SMS" }));
  await user.type(await screen.findByLabelText("OTP digit 1"), "654321");
  await user.click(screen.getByRole("button", { name: "Verify OTP" }));
  await screen.findByLabelText("New Password");
}

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  window.history.replaceState(null, "", "/login");
  window.sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe("ForgotPasswordForm", () => {
  it("walks phone, OTP, new password and ends at /login with 'Password reset successfully'", async () => {
    const success = vi.spyOn(toast, "success");
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    render(<ForgotPasswordForm onLogin={() => {}} />);
    expect(screen.getByRole("heading", { name: "Forgot Password" })).toBeInTheDocument();
    expect(screen.getByLabelText("Country")).toBeDisabled();
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();

    await verifyPhone(user);
    expect(sentBody(fetchMock, "POST", "/api/users/otp/send")).toEqual({ phoneNo: "9876543210", purpose: "reset" });
    expect(sentBody(fetchMock, "POST", "/api/users/otp/verify")).toEqual({ phoneNo: "9876543210", code: "654321", purpose: "reset" });
    await user.type(screen.getByLabelText("New Password"), "brand-new-pass");
    await user.type(screen.getByLabelText("Confirm New Password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/login"));
    expect(sentBody(fetchMock, "POST", "/api/users/forgot-password")).toEqual({
      phoneNo: "9876543210", password: "brand-new-pass", verificationToken: "reset-token",
    });
    // The login page shows the toast after the page load.
    showFlash();
    expect(success).toHaveBeenCalledWith("Password reset successfully");
  });

  it("keeps a pending redirect when it goes back to /login", async () => {
    window.history.replaceState(null, "", "/login?redirect=/shipping");
    const user = userEvent.setup();
    mockFetch(routes());
    render(<ForgotPasswordForm onLogin={() => {}} />);
    await verifyPhone(user);
    await user.type(screen.getByLabelText("New Password"), "brand-new-pass");
    await user.type(screen.getByLabelText("Confirm New Password"), "brand-new-pass");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/login?redirect=/shipping"));
  });

  it("refuses mismatched passwords and requires both", async () => {
    const error = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    render(<ForgotPasswordForm onLogin={() => {}} />);
    await verifyPhone(user);

    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByLabelText("New Password")).toBeInvalid();
    expect(sentBody(fetchMock, "POST", "/api/users/forgot-password")).toBeUndefined();

    await user.type(screen.getByLabelText("New Password"), "brand-new-pass");
    await user.type(screen.getByLabelText("Confirm New Password"), "brand-new-pazz");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(error).toHaveBeenCalledWith("Passwords do not match");
    expect(sentBody(fetchMock, "POST", "/api/users/forgot-password")).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it("the Login link returns to the login form", async () => {
    const onLogin = vi.fn();
    const user = userEvent.setup();
    render(<ForgotPasswordForm onLogin={onLogin} />);
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(onLogin).toHaveBeenCalled();
  });
});
