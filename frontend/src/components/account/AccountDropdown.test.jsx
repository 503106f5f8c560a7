import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { logout, setUserInfo } from "../../lib/auth";
import { mockFetch } from "../../lib/testing/mockFetch";
import AccountDropdown from "./AccountDropdown";
import { closeAccountDrawer } from "../../lib/drawer";
import { config } from "../../lib/config";

vi.mock("../../lib/auth", async (importOriginal) => ({ ...(await importOriginal()), logout: vi.fn() }));
vi.mock("../orders/MyOrdersTable", () => ({ default: () => <table aria-label="My Orders table" /> }));
vi.mock("./LocationMap", () => ({ default: () => null }));

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const customer = {
  _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false, token: "jwt", expiresAt,
  deliveryAddress: { street: "", city: "", postalCode: "" }, location: null,
};

beforeEach(() => vi.mocked(logout).mockReset());
afterEach(() => {
  act(() => closeAccountDrawer());
  vi.unstubAllGlobals();
});

describe("AccountDropdown", () => {
  it("gives a guest the login panel", () => {
    render(<AccountDropdown onClose={() => {}} />);
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Account" })).not.toBeInTheDocument();
  });

  it("gives a customer the account menu without admin links", () => {
    setUserInfo(customer);
    render(<AccountDropdown onClose={() => {}} />);
    const menu = screen.getByRole("navigation", { name: "Account" });
    expect(within(menu).getByText("Asha")).toBeInTheDocument();
    for (const name of ["My Profile", "My Orders", "My Rewards", "Store Credit", "Logout"]) expect(within(menu).getByRole("button", { name })).toBeInTheDocument();
    expect(within(menu).queryByRole("link")).not.toBeInTheDocument();
  });

  it("gives an admin the admin screens", () => {
    setUserInfo({ ...customer, isAdmin: true });
    render(<AccountDropdown onClose={() => {}} />);
    const hrefs = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
    expect(hrefs).toEqual(["/admin/orderlist", "/admin/productlist", "/admin/userlist", "/admin/tickets", "/admin/slots", "/admin/picking", "/admin/phone-order", "/admin/rider", "/admin/dashboard", "/admin/stock"]);
  });

  it("gives a packer only the screens the server lists for packers", () => {
    config.staffScreens = [
      { path: "/admin/orderlist", roles: ["owner", "packer"] },
      { path: "/admin/productlist", roles: ["owner", "cashier"] },
      { path: "/admin/picking", roles: ["owner", "packer", "rider"] },
      { path: "/admin/picklist", roles: ["owner", "packer"] },
    ];
    try {
      setUserInfo({ ...customer, role: "packer" });
      render(<AccountDropdown onClose={() => {}} />);
      const hrefs = screen.getAllByRole("link").map((link) => link.getAttribute("href"));
      expect(hrefs).toEqual(["/admin/orderlist", "/admin/picking"]); // the menu's screens among them
    } finally {
      delete config.staffScreens;
    }
  });

  it("My Profile and My Orders open the account drawer on that tab and close the dropdown", async () => {
    mockFetch({ "GET /api/users/profile": { body: customer } });
    setUserInfo(customer);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<AccountDropdown onClose={onClose} />);

    await user.click(screen.getByRole("button", { name: "My Profile" }));
    expect(onClose).toHaveBeenCalled();
    const drawer = await screen.findByRole("dialog", { name: "Account" });
    expect(within(drawer).getByRole("tab", { name: "My Profile" })).toHaveAttribute("aria-selected", "true");
    expect(within(drawer).getByRole("heading", { name: "User Profile" })).toBeInTheDocument();
    expect(within(drawer).getByRole("button", { name: "Logout" })).toBeInTheDocument();

    await user.click(within(drawer).getByRole("tab", { name: "My Orders" }));
    expect(within(drawer).getByRole("table", { name: "My Orders table" })).toBeInTheDocument();

    await user.click(within(drawer).getByRole("tab", { name: "Store Credit" }));
    expect(within(drawer).getByRole("tab", { name: "Store Credit" })).toHaveAttribute("aria-selected", "true");

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "My Orders" }));
    const again = await screen.findByRole("dialog", { name: "Account" });
    expect(within(again).getByRole("tab", { name: "My Orders" })).toHaveAttribute("aria-selected", "true");
    await user.click(within(again).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("Logout in the menu and in the drawer logs out (endpoint, clear, home: lib/auth)", async () => {
    mockFetch({ "GET /api/users/profile": { body: customer } });
    setUserInfo(customer);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<AccountDropdown onClose={onClose} />);
    await user.click(screen.getByRole("button", { name: "Logout" }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "My Profile" }));
    const drawer = await screen.findByRole("dialog", { name: "Account" });
    await user.click(within(drawer).getByRole("button", { name: "Logout" }));
    expect(logout).toHaveBeenCalledTimes(2);
  });
});
