import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getUserInfo, setUserInfo } from "../../lib/auth";
import { mockFetch } from "../../lib/testing/mockFetch";
import { redirect } from "../../lib/navigation";
import AuthPage from "./AuthPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn(), navigate: vi.fn() }));

const signedIn = (fields = {}) =>
  setUserInfo({ _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false, token: "jwt",
    expiresAt: new Date(Date.now() + 3600_000).toISOString(), ...fields });

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

  it("keeps a signed-in customer sent from an admin screen here, says who is signed in, and never redirects", async () => {
    for (const search of ["?redirect=/admin/orderlist", "?redirect=%2Fadmin%2Forderlist%3Fstatus%3Dpacked", "?redirect=/admin"]) {
      window.history.replaceState(null, "", `/login${search}`);
      signedIn();
      const { unmount } = render(<AuthPage initialMode="login" />);
      expect(redirect).not.toHaveBeenCalled();
      expect(screen.getByText(/You are signed in as/)).toHaveTextContent("You are signed in as Asha (9876543210). This page needs an admin account.");
      unmount();
    }
  });

  it("an admin is sent on to the admin screen; nobody is sent to the login page again", () => {
    window.history.replaceState(null, "", "/login?redirect=/admin/orderlist");
    signedIn({ isAdmin: true });
    render(<AuthPage initialMode="login" />);
    expect(redirect).toHaveBeenCalledWith("/admin/orderlist");
    vi.mocked(redirect).mockReset();
    window.history.replaceState(null, "", "/login?redirect=/login%3Fredirect%3D/admin/orderlist");
    signedIn();
    render(<AuthPage initialMode="login" />);
    expect(redirect).toHaveBeenCalledWith("/");
  });

  it("signs the customer out to let an admin sign in, keeping the redirect", async () => {
    window.history.replaceState(null, "", "/login?redirect=/admin/orderlist");
    signedIn();
    mockFetch({ "POST /api/users/logout": { body: { message: "ok" } } });
    const user = userEvent.setup();
    render(<AuthPage initialMode="login" />);
    await user.click(screen.getByRole("button", { name: "Sign in with an admin account" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Sign In" })).toBeInTheDocument();
    expect(screen.getByLabelText("Password")).toBeInTheDocument();
    expect(getUserInfo()).toBeNull();
    expect(window.location.search).toBe("?redirect=/admin/orderlist");
    vi.unstubAllGlobals();
  });
});
