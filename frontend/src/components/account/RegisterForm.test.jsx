import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getUserInfo } from "../../lib/auth";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import RegisterForm from "./RegisterForm";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const userInfo = {
  _id: "7", name: "Ravi", phoneNo: "9876543210", isAdmin: false, token: "jwt",
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
};

const notice = {
  version: "2026-11-26",
  items: [{ key: "collected", title: "What we collect", text: "Your name and mobile number." }],
  agreement: "By registering you agree to this use of your data.",
  offerSmsLabel: "Send me offers by SMS",
};

const routes = (extra = {}) => ({
  "GET /api/users/privacy-notice": { body: notice },
  "POST /api/users/otp/send": { body: { message: "OTP sent successfully!", resendIn: 300 } },
  "POST /api/users/otp/verify": ({ body }) =>
    body.code === "123456" ? { body: { verificationToken: "verified-token" } } : { status: 400, body: { message: "The OTP is incorrect." } },
  "POST /api/users": { status: 201, body: userInfo },
  ...extra,
});

const sendButton = () => screen.getByRole("button", { name: /^Send OTP via SMS/ });

async function typeOtp(user, code) {
  await user.type(screen.getByLabelText("OTP digit 1"), code);
}

async function verifyPhone(user) {
  await user.type(screen.getByLabelText("Name"), "Ravi");
  await user.type(screen.getByLabelText("Phone Number"), "9876543210");
  await user.click(sendButton());
  await typeOtp(user, "123456");
  await user.click(screen.getByRole("button", { name: "Verify OTP" }));
  await screen.findByLabelText("Password");
}

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  window.history.replaceState(null, "", "/register");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("RegisterForm", () => {
  it("has India fixed as the country and enables Send OTP only at 12 characters (91 + 10 digits)", async () => {
    const user = userEvent.setup();
    render(<RegisterForm onLogin={() => {}} />);
    expect(screen.getByLabelText("Country")).toBeDisabled();
    expect(screen.getByLabelText("Country")).toHaveDisplayValue("India (+91)");
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText("Phone Number"), "987654321");
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText("Phone Number"), "0");
    expect(sendButton()).toBeEnabled();
    await user.type(screen.getByLabelText("Phone Number"), "5");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("9876543210");
  });

  it("sends the OTP, toasts, shows the code entry and locks sending for 5 minutes", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
    const success = vi.spyOn(toast, "success");
    const fetchMock = mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    fireEvent.change(screen.getByLabelText("Phone Number"), { target: { value: "9876543210" } });
    fireEvent.click(sendButton());
    // Under load (2 cores, many runs) the answer can take longer than findBy's default 1 s.
    await screen.findByLabelText("OTP digit 1", {}, { timeout: 10_000 });
    expect(sentBody(fetchMock, "POST", "/api/users/otp/send")).toEqual({ phoneNo: "9876543210", purpose: "register" });
    expect(success).toHaveBeenCalledWith("OTP sent successfully!");
    expect(screen.getAllByRole("textbox", { name: /OTP digit/ })).toHaveLength(6);
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveTextContent("Send OTP via SMS Resend in 5:00");

    act(() => vi.advanceTimersByTime(61_000));
    // The countdown re-renders after the tick; on a busy CI host that render once came late (5:00 seen).
    await waitFor(() => expect(sendButton()).toHaveTextContent("Send OTP via SMS Resend in 3:59"));
    expect(sendButton()).toBeDisabled();
    act(() => vi.advanceTimersByTime(240_000));
    await waitFor(() => expect(sendButton()).toBeEnabled());
    expect(sendButton()).toHaveTextContent(/^Send OTP via SMS$/);
  });

  it("accepts only digits in the six OTP boxes and verifies only a full code", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    await user.type(screen.getByLabelText("Phone Number"), "9876543210");
    await user.click(sendButton());
    await typeOtp(user, "12a3");
    expect(screen.getByLabelText("OTP digit 3")).toHaveValue("3");
    expect(screen.getByRole("button", { name: "Verify OTP" })).toBeDisabled();
  });

  it("shows the server's reason when sending fails and stops the spinner", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    mockFetch(routes({
      "POST /api/users/otp/send": { status: 409, body: { message: "An account with this phone number already exists" } },
    }));
    render(<RegisterForm onLogin={() => {}} />);
    await user.type(screen.getByLabelText("Phone Number"), "9876543210");
    await user.click(sendButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this phone number already exists");
    expect(consoleError).toHaveBeenCalled();
    expect(screen.queryByLabelText("OTP digit 1")).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("a number that asked too recently is told how long to wait and locked for that long", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    mockFetch(routes({
      "POST /api/users/otp/send": { status: 429, body: { message: "Please wait 120 seconds before requesting another OTP.", retryAfter: 120 } },
    }));
    render(<RegisterForm onLogin={() => {}} />);
    await user.type(screen.getByLabelText("Phone Number"), "9876543210");
    await user.click(sendButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Please wait 120 seconds before requesting another OTP.");
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveTextContent("Send OTP via SMS Resend in 2:00");
  });

  it("a wrong code is reported and the password fields stay hidden", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const user = userEvent.setup();
    mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    await user.type(screen.getByLabelText("Phone Number"), "9876543210");
    await user.click(sendButton());
    await typeOtp(user, "654321");
    await user.click(screen.getByRole("button", { name: "Verify OTP" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The OTP is incorrect.");
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
  });

  it("verifying reveals Password, Confirm Password and Register", async () => {
    const user = userEvent.setup();
    mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
    await verifyPhone(user);
    expect(screen.getByLabelText("Confirm Password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Register" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verify OTP" })).not.toBeInTheDocument();
  });

  it("says 'Passwords do not match' and sends nothing when they differ", async () => {
    const error = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    await verifyPhone(user);
    await user.type(screen.getByLabelText("Password"), "one-password");
    await user.type(screen.getByLabelText("Confirm Password"), "another-password");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(error).toHaveBeenCalledWith("Passwords do not match");
    expect(sentBody(fetchMock, "POST", "/api/users")).toBeUndefined();
  });

  it("registers with name, 10-digit phone, password and the verification token, then follows the redirect", async () => {
    window.history.replaceState(null, "", "/register?redirect=/shipping");
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    await verifyPhone(user);
    await user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await user.type(screen.getByLabelText("Confirm Password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Register" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/shipping"));
    expect(sentBody(fetchMock, "POST", "/api/users")).toEqual({
      name: "Ravi", phoneNo: "9876543210", password: "s3cret-pass", verificationToken: "verified-token",
      offerSms: false, noticeVersion: "2026-11-26",
    });
    expect(getUserInfo()).toMatchObject({ _id: "7" });
  });

  it("shows the server's privacy notice and sends the offer SMS choice with the notice's version", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(routes());
    render(<RegisterForm onLogin={() => {}} />);
    expect(await screen.findByText("What we collect")).toBeInTheDocument();
    expect(screen.getByText("By registering you agree to this use of your data.")).toBeInTheDocument();
    const offers = screen.getByLabelText("Send me offers by SMS");
    expect(offers).not.toBeChecked();
    await user.click(offers);
    await verifyPhone(user);
    await user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await user.type(screen.getByLabelText("Confirm Password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Register" }));
    await waitFor(() => expect(navigate).toHaveBeenCalled());
    expect(sentBody(fetchMock, "POST", "/api/users")).toMatchObject({ offerSms: true, noticeVersion: "2026-11-26" });
  });

  it("toasts the server's message when registration fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const error = vi.spyOn(toast, "error");
    const user = userEvent.setup();
    mockFetch(routes({ "POST /api/users": { status: 400, body: { message: "The verification has expired. Please verify your phone again." } } }));
    render(<RegisterForm onLogin={() => {}} />);
    await verifyPhone(user);
    await user.type(screen.getByLabelText("Password"), "s3cret-pass");
    await user.type(screen.getByLabelText("Confirm Password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Register" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("The verification has expired. Please verify your phone again."));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("links the terms and the privacy policy in a new tab", () => {
    render(<RegisterForm onLogin={() => {}} />);
    for (const [name, href] of [["Terms and Conditions", "/terms.html"], ["Privacy Policy", "/privacy.html"]]) {
      const link = screen.getByRole("link", { name });
      expect(link).toHaveAttribute("href", href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener");
    }
  });
});
