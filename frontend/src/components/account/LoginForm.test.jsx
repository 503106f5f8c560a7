import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getUserInfo } from "../../lib/auth";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import GuestPanel from "./GuestPanel";
import LoginForm from "./LoginForm";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const userInfo = {
  _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false, token: "jwt",
  expiresAt: new Date(Date.now() + 3600_000).toISOString(),
  deliveryAddress: { street: "", city: "", postalCode: "" }, location: null,
};

function renderLogin() {
  const user = userEvent.setup();
  render(<LoginForm onRegister={() => {}} onForgotPassword={() => {}} />);
  return user;
}

async function signIn(user, phone, password = "secret-pass-1") {
  await user.type(screen.getByLabelText("Phone Number"), phone);
  if (password) await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Sign In" }));
}

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  window.history.replaceState(null, "", "/login");
});
afterEach(() => vi.unstubAllGlobals());

describe("LoginForm", () => {
  it("explains a malformed phone under the field while typing", async () => {
    const user = renderLogin();
    await user.type(screen.getByLabelText("Phone Number"), "98765 4321");
    expect(
      screen.getByText("Please enter a valid 10-digit phone number without spaces or special characters."),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Phone Number"));
    await user.type(screen.getByLabelText("Phone Number"), "9876543210");
    expect(screen.queryByText(/without spaces or special characters/)).not.toBeInTheDocument();
  });

  it("refuses an invalid phone on submit with the banner and makes no call", async () => {
    const fetchMock = mockFetch({});
    const user = renderLogin();
    await signIn(user, "98765-43210");
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid 10-digit phone number.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("needs a password", async () => {
    const fetchMock = mockFetch({});
    const user = renderLogin();
    await signIn(user, "9876543210", "");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Password")).toBeInvalid();
  });

  it("shows Loading... while signing in, then stores the login info and goes home", async () => {
    let answer;
    const fetchMock = mockFetch({ "POST /api/users/auth": () => new Promise((resolve) => (answer = resolve)) });
    const user = renderLogin();
    await signIn(user, "9876543210");
    expect(screen.getByRole("button", { name: "Loading..." })).toBeDisabled();
    expect(sentBody(fetchMock, "POST", "/api/users/auth")).toEqual({ phoneNo: "9876543210", password: "secret-pass-1" });
    answer({ body: userInfo });
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/"));
    expect(getUserInfo()).toMatchObject({ _id: "5", token: "jwt" });
  });

  it("goes to the redirect parameter after signing in", async () => {
    window.history.replaceState(null, "", "/login?redirect=/shipping");
    mockFetch({ "POST /api/users/auth": { body: userInfo } });
    const user = renderLogin();
    await signIn(user, "9876543210");
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/shipping"));
  });

  it("refuses to redirect off the site", async () => {
    window.history.replaceState(null, "", "/login?redirect=https://evil.example/steal");
    mockFetch({ "POST /api/users/auth": { body: userInfo } });
    const user = renderLogin();
    await signIn(user, "9876543210");
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("/"));
  });

  it("shows the server's message when the login fails, and logs it", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "POST /api/users/auth": { status: 401, body: { message: "Invalid phone number or password" } } });
    const user = renderLogin();
    await signIn(user, "9876543210");
    expect(await screen.findByRole("alert")).toHaveTextContent("Invalid phone number or password");
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    expect(navigate).not.toHaveBeenCalled();
    expect(getUserInfo()).toBeNull();
  });
});

describe("GuestPanel", () => {
  it("switches between login, register and forgot password", async () => {
    const user = userEvent.setup();
    const onModeChange = vi.fn();
    render(<GuestPanel onModeChange={onModeChange} />);
    expect(screen.getByText("New Customer?")).toBeInTheDocument();
    expect(screen.getByText("Forgot your password?")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(screen.getByRole("heading", { name: "Register" })).toBeInTheDocument();
    expect(screen.getByText("Already have an account?")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Login" }));

    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByRole("heading", { name: "Forgot Password" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(onModeChange.mock.calls.map(([mode]) => mode)).toEqual(["register", "login", "forgot", "login"]);
  });
});
