import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { navigate } from "../../lib/navigation";
import { mockFetch } from "../../lib/testing/mockFetch";
import { t } from "../../lib/i18n";
import AdminProductsPage, { CREATE_QUESTION, listUrl, PRODUCT_ID_REQUIRED } from "./AdminProductsPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));
vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
const { toast } = await import("../../lib/toast");

const oil = {
  _id: "7", name: "Sunflower Oil", slug: "sunflower-oil", category: "OILS", published: true,
  details: [{ _id: "21", brand: "Freedom", images: [], financials: [
    { _id: "31", quantity: "1", units: "l", price: 150, dprice: 140, Discount: 7, countInStock: 3, published: true, lowStock: true },
    { _id: "32", quantity: "5", units: "l", price: 700, dprice: 650, Discount: 7, countInStock: 3, published: false, lowStock: false },
  ] }],
};
const paged = (rows) => ({ body: rows, headers: { Link: '<http://shop.test/api/admin/products?pageNumber=2>; rel="last"' } });
const CATEGORIES = { "GET /api/products/categories": { body: { categories: ["OILS", "RICE"] } } };

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("admin product list", () => {
  it("lists products with brands and packs, edit links and a pager", async () => {
    mockFetch({ "GET /api/admin/products": paged([oil]), ...CATEGORIES });
    render(<AdminProductsPage />);
    const brand = await screen.findByRole("group", { name: "Brand Freedom" });
    // The server marks which pack is low (its own threshold or the shop's); the same count may not be.
    const [low, notLow] = within(brand).getAllByRole("listitem");
    expect(within(low).getByText(/stock 3/)).toHaveClass("admin-packs__stock--low");
    expect(within(low).getByText(/stock 3/)).toHaveTextContent("stock 3 · low");
    expect(within(notLow).getByText("stock 3")).not.toHaveClass("admin-packs__stock--low");
    expect(within(notLow).getByText("hidden")).toBeInTheDocument();
    expect(within(low).queryByText("hidden")).toBeNull();
    expect(within(brand).getByRole("link", { name: "Edit" })).toHaveAttribute("href", "/admin/product/7/edit/21");
    expect(screen.getByRole("link", { name: "Page 2" })).toHaveAttribute("href", "/admin/productlist/2");
  });

  it("creates a product only after 'Are you sure you want to create a new product?' and opens its edit screen", async () => {
    const created = { ...oil, _id: "8", details: [{ ...oil.details[0], _id: "22" }] };
    mockFetch({ "GET /api/admin/products": paged([oil]), ...CATEGORIES, "POST /api/products": { status: 201, body: created } });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    render(<AdminProductsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Create Product" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to create a new product?");
    expect(t(CREATE_QUESTION)).toBe("Are you sure you want to create a new product?");
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/admin/product/8/edit/22"));
  });

  it("deletes after 'Are you sure' with the spec's toast, and shows the server's refusal", async () => {
    let refuse = false;
    mockFetch({
      "GET /api/admin/products": paged([oil]),
      ...CATEGORIES,
      "DELETE /api/products/7": () =>
        refuse ? { status: 409, body: { message: "This product is part of orders and cannot be deleted." } } : { body: {} },
    });
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    render(<AdminProductsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Sunflower Oil" }));
    expect(confirm).toHaveBeenCalledWith("Are you sure");
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Product deleted successfully"));
    refuse = true;
    await userEvent.click(await screen.findByRole("button", { name: "Delete Sunflower Oil" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("This product is part of orders and cannot be deleted."));
    expect(t(PRODUCT_ID_REQUIRED)).toBe("Product ID is required for deletion");
  });

  it("says so when the server hid a product that orders hold instead of deleting it", async () => {
    const message = "This product is part of orders, so it was hidden from shoppers, not deleted.";
    mockFetch({
      "GET /api/admin/products": paged([oil]),
      ...CATEGORIES,
      "DELETE /api/products/7": { body: { message, deleted: false, published: false } },
    });
    vi.spyOn(window, "confirm").mockReturnValue(true);
    render(<AdminProductsPage />);
    await userEvent.click(await screen.findByRole("button", { name: "Delete Sunflower Oil" }));
    await vi.waitFor(() => expect(toast.info).toHaveBeenCalledWith(message));
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("shows whether shoppers see each product, and publishes or hides it", async () => {
    const hiddenOne = { ...oil, _id: "8", name: "Sample name", published: false };
    const fetchMock = mockFetch({
      "GET /api/admin/products": paged([oil, hiddenOne]),
      ...CATEGORIES,
      "PUT /api/products/7": { body: {} },
      "PUT /api/products/8": { status: 409, body: { message: "Show at least one of its packs to shoppers first." } },
    });
    render(<AdminProductsPage />);
    expect(await screen.findByText("Published")).toHaveClass("admin-badge--published");
    expect(screen.getByText("Hidden")).toHaveClass("admin-badge--hidden");
    await userEvent.click(screen.getByRole("button", { name: "Hide Sunflower Oil" }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Hidden from shoppers"));
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith("/api/products/7") && init?.method === "PUT");
    expect(JSON.parse(sent[1].body)).toEqual({ published: false });
    await userEvent.click(screen.getByRole("button", { name: "Publish Sample name" }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Show at least one of its packs to shoppers first."));
  });

  it("filters hidden products through the address", async () => {
    mockFetch({ "GET /api/admin/products?hidden=true": paged([oil]), ...CATEGORIES });
    render(<AdminProductsPage hidden />);
    await screen.findByText("Sunflower Oil");
    const hiddenOnly = screen.getByRole("checkbox", { name: "Hidden only" });
    expect(hiddenOnly).toBeChecked();
    await userEvent.click(hiddenOnly);
    expect(navigate).toHaveBeenCalledWith("/admin/productlist");
  });

  it("filters by category and low stock through the address", async () => {
    mockFetch({ "GET /api/admin/products?keyword=oil&lowStock=true": paged([oil]), ...CATEGORIES });
    render(<AdminProductsPage keyword="oil" lowStock />);
    await screen.findByText("Sunflower Oil");
    await screen.findByRole("option", { name: "RICE" });
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Category" }), "RICE");
    expect(navigate).toHaveBeenCalledWith("/admin/productlist?keyword=oil&category=RICE&lowStock=true");
    expect(listUrl({ page: 3, keyword: "", category: "", lowStock: false })).toBe("/admin/productlist/3");
  });
});
