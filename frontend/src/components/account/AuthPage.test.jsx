import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { setUserInfo } from "../../lib/auth";
import { redirect } from "../../lib/navigation";
import AuthPage from "./AuthPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn(), navigate: vi.fn() }));

const signedIn = () =>
  setUserInfo({ _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false, token: "jwt",
    expiresAt: new Date(Date.now() + 3600_000).toISOString() });

beforeEach(() => {
  vi.mocked(redirect).mockReset();
  window.sessionStorage.clear();
});

describe("AuthPage (/login and /register)", () => {
  it("sends a signed-in visitor to the redirect target at once", () => {
    window.history.replaceState(null, "", "/login?redirect=/shipping");
    signedIn();
    const { container } = render(<AuthPage initialMode="login" />);
    expect(redirect).toHaveBeenCalledWith("/shipping");
    expect(container).toBeEmptyDOMElement();
  });

  it("sends a signed-in visitor home rather than off the site", () => {
    window.history.replaceState(null, "", "/register?redirect=//evil.example");
    signedIn();
    render(<AuthPage initialMode="register" />);
    expect(redirect).toHaveBeenCalledWith("/");
  });

  it("shows the chosen form to a guest and keeps the address bar in step", async () => {
    window.history.replaceState(null, "", "/register?redirect=/shipping");
    const user = userEvent.setup();
    render(<AuthPage initialMode="register" />);
    expect(redirect).not.toHaveBeenCalled();
    expect(screen.getByRole("heading", { level: 1, name: "Register" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(window.location.pathname + window.location.search).toBe("/login?redirect=/shipping");
    await user.click(screen.getByRole("button", { name: "Register" }));
    expect(window.location.pathname).toBe("/register");
  });
});
