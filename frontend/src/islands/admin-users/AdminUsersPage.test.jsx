import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminUsersPage, { readUserListQuery } from "./AdminUsersPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const admin = { _id: "1", name: "Lakshmi Admin", phoneNo: "9000000001", isAdmin: true };
const asha = { _id: "2", name: "Asha", phoneNo: "9000000002", isAdmin: false };
const paged = (rows, last = 1) => ({
  body: rows,
  headers: { "X-Total-Count": String(rows.length), Link: `<http://shop.test/api/users?pageNumber=${last}>; rel="last"` },
});
const rowOf = (name) => screen.getByText(name).closest("tr");

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("admin user list", () => {
  it("shows ID, NAME, PHONE as a call link, ADMIN as a tick or a cross and the ROLE; Edit on every row, Delete on customers'", async () => {
    mockFetch({ "GET /api/users": paged([admin, asha], 3) });
    render(<AdminUsersPage />);
    await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Users" })).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((cell) => cell.textContent).slice(0, 4)).toEqual(["ID", "NAME", "PHONE", "ADMIN"]);
    expect(within(rowOf("Asha")).getByRole("link", { name: "9000000002" })).toHaveAttribute("href", "tel:+919000000002");
    expect(within(rowOf("Asha")).getByRole("img", { name: "Not admin" })).toHaveTextContent("✗");
    expect(within(rowOf("Asha")).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/admin/user/2/edit");
    expect(within(rowOf("Lakshmi Admin")).getByRole("img", { name: "Admin" })).toHaveTextContent("✓");
    // Issue 45: an admin's row keeps its Edit link, so granting admin by mistake can be undone.
    expect(within(rowOf("Lakshmi Admin")).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/admin/user/1/edit");
    expect(within(rowOf("Lakshmi Admin")).queryByRole("button")).toBeNull();
    expect(within(rowOf("Lakshmi Admin")).getByRole("combobox", { name: "Role of Lakshmi Admin" })).toHaveValue("owner");
    expect(within(rowOf("Asha")).getByRole("combobox", { name: "Role of Asha" })).toHaveValue("");
    expect(screen.getByRole("link", { name: "Page 3" })).toHaveAttribute("href", "/admin/userlist?pageNumber=3");
  });

  it("lets the owner change a role in place, through the API", async () => {
    const fetchMock = mockFetch({
      "GET /api/users": paged([admin, asha]),
      "PUT /api/users/2": { body: { ...asha, role: "cashier" } },
    });
    const user = userEvent.setup();
    render(<AdminUsersPage />);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Role of Asha" }), "cashier");
    await waitFor(() => expect(sentBody(fetchMock, "PUT", "/api/users/2")).toEqual({ role: "cashier" }));
  });

  it("asks 'Are you sure' before deleting, and deletes nothing when the answer is no", async () => {
    const fetchMock = mockFetch({
      "GET /api/users": paged([admin, asha]),
      "DELETE /api/users/2": { body: { message: "User removed" } },
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValueOnce(false).mockReturnValueOnce(true);
    render(<AdminUsersPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Asha" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure");
    expect(fetchMock.mock.calls.some(([, options]) => options?.method === "DELETE")).toBe(false);
    await userEvent.click(screen.getByRole("button", { name: "Delete Asha" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, options]) => options?.method === "DELETE")).toBe(true));
  });

  it("shows the loader, then the error banner when the list fails", async () => {
    mockFetch({ "GET /api/users": { status: 500, body: { message: "Database is down" } } });
    render(<AdminUsersPage />);
    expect(screen.getByAltText("Loading...")).toBeInTheDocument();
    expect(await screen.findByRole("alert")).toHaveTextContent("Database is down");
  });

  it("searches by name or phone through the address, from page 1", async () => {
    const fetchMock = mockFetch({ "GET /api/users?keyword=asha&pageNumber=2": paged([asha], 2) });
    render(<AdminUsersPage keyword="asha" page={2} />);
    await screen.findByText("Asha");
    expect(fetchMock).toHaveBeenCalled();
    const box = screen.getByRole("searchbox", { name: "Search users by name or phone" });
    await userEvent.clear(box);
    await userEvent.type(box, " 98765 {enter}");
    expect(navigate).toHaveBeenCalledWith("/admin/userlist?keyword=98765");
    expect(readUserListQuery("?keyword=%20ravi&pageNumber=4")).toEqual({ keyword: "ravi", page: 4 });
  });
});
