import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminUserEditPage, { USER_UPDATED } from "./AdminUserEditPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));
vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { toast } = await import("../../lib/toast");

const asha = { _id: "2", name: "Asha", phoneNo: "9000000002", isAdmin: false };
const noCredit = { body: { balance: 0, limit: null, entries: [] } };

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(toast.success).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("edit user", () => {
  it("fills Name, Phone Number and Is Admin, and says 'user updated successfully' only after the server answered", async () => {
    let answer;
    const answered = new Promise((resolve) => (answer = resolve));
    const fetchMock = mockFetch({
      "GET /api/users/2": { body: asha },
      "GET /api/users/2/credit": noCredit,
      "PUT /api/users/2": async () => {
        await answered;
        return { body: { ...asha, name: "Asha R", isAdmin: true } };
      },
    });
    render(<AdminUserEditPage userId="2" />);
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin/userlist");
    expect(screen.getByRole("heading", { name: "Edit User" })).toBeInTheDocument();
    const name = await screen.findByLabelText("Name");
    expect(name).toHaveValue("Asha");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("9000000002");
    expect(screen.getByLabelText("Is Admin")).not.toBeChecked();

    await userEvent.clear(name);
    await userEvent.type(name, "Asha R");
    await userEvent.click(screen.getByLabelText("Is Admin"));
    await userEvent.click(screen.getByRole("button", { name: "Update" }));
    expect(toast.success).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    answer();
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/admin/userlist"));
    expect(toast.success).toHaveBeenCalledWith("user updated successfully");
    expect(USER_UPDATED).toBe("admin.users.updated");
    expect(sentBody(fetchMock, "PUT", "/api/users/2")).toEqual({ userId: "2", name: "Asha R", phoneNo: "9000000002", isAdmin: true });
  });

  it("shows the server's message when it refuses, and stays", async () => {
    mockFetch({
      "GET /api/users/2": { body: asha },
      "GET /api/users/2/credit": noCredit,
      "PUT /api/users/2": { status: 409, body: { message: "An account with this phone number already exists." } },
    });
    render(<AdminUserEditPage userId="2" />);
    await userEvent.click(await screen.findByRole("button", { name: "Update" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this phone number already exists.");
    expect(navigate).not.toHaveBeenCalled();
  });

  it("gives a cashier, whom the server refuses the user's details, the store credit panel alone", async () => {
    mockFetch({
      "GET /api/users/2": { status: 403, body: { message: "Not authorized as an admin." } },
      "GET /api/users/2/credit": { body: { balance: 25, limit: 200, entries: [] } },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<AdminUserEditPage userId="2" />);
    expect(await screen.findByText("₹25.00")).toBeInTheDocument();
    expect(screen.queryByLabelText("Name")).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
