import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUserInfo } from "../../lib/auth";
import { addToCart, getCart } from "../../lib/cart";
import { navigate } from "../../lib/navigation";
import CartPage, { qtyOptions } from "./CartPage";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const rice = {
  productId: "1", name: "Sona Masoori Rice", slug: "sona-masoori-rice", category: "RICE & PULSES",
  brand: "India Gate", brandId: "11", financialId: "101", quantity: "5", units: "kg",
  price: "450.00", dprice: "399.00", Discount: 11, image: "/media/rice.svg",
};
const dal = {
  productId: "2", name: "Toor Dal", slug: "toor-dal", category: "RICE & PULSES",
  brand: "Tata Sampann", brandId: "21", financialId: "201", quantity: "1", units: "kg",
  price: "180.00", dprice: "160.00", Discount: 11, image: "/media/dal.svg",
};
const record = (line, changes = {}) => ({
  productId: line.productId, brandId: line.brandId, financialId: line.financialId, name: line.name,
  slug: line.slug, brand: line.brand, quantity: line.quantity, units: line.units, price: line.price,
  dprice: line.dprice, Discount: line.Discount, countInStock: 25, image: line.image, ...changes,
});

function serveBatch(records) {
  const fetchMock = vi.fn().mockResolvedValue({
    ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ items: records })),
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const signIn = () =>
  setUserInfo({ _id: "5", name: "Asha", phoneNo: "9000000002", isAdmin: false, token: "tok",
    expiresAt: new Date(Date.now() + 3600_000).toISOString() });

beforeEach(() => vi.mocked(navigate).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe("cart page", () => {
  it("says the cart is empty, with a link back to the shop, and asks the server nothing", () => {
    const fetchMock = serveBatch([]);
    render(<CartPage />);
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/");
    expect(screen.queryByRole("button", { name: "Proceed To Checkout" })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows each line's image, name, brand and pack, and the subtotal", async () => {
    serveBatch([record(rice), record(dal)]);
    addToCart({ ...rice, qty: 2 });
    addToCart(dal);
    render(<CartPage />);
    const lines = screen.getAllByRole("listitem");
    expect(lines).toHaveLength(2);
    expect(within(lines[0]).getByAltText("Sona Masoori Rice")).toHaveAttribute("src", "/media/rice.svg");
    expect(within(lines[0]).getByRole("link", { name: "Sona Masoori Rice" })).toHaveAttribute("href", "/product/sona-masoori-rice");
    expect(within(lines[0]).getByText("India Gate")).toBeInTheDocument();
    expect(within(lines[0]).getByText("5 kg")).toBeInTheDocument();
    expect(screen.getByText("Subtotal (3) items")).toBeInTheDocument();
    expect(screen.getByText("₹958.00")).toBeInTheDocument();
  });

  it("offers pack counts from 0 to the refreshed stock", async () => {
    serveBatch([record(rice, { countInStock: 4 })]);
    addToCart(rice);
    render(<CartPage />);
    const select = screen.getByRole("combobox", { name: /Quantity of India Gate Sona Masoori Rice 5 kg/ });
    await waitFor(() => expect(within(select).getAllByRole("option")).toHaveLength(5));
    expect(within(select).getAllByRole("option").map((option) => option.value)).toEqual(["0", "1", "2", "3", "4"]);
  });

  it("changes the pack count, and 0 removes the line", async () => {
    serveBatch([record(rice), record(dal)]);
    addToCart(rice);
    addToCart(dal);
    const user = userEvent.setup();
    render(<CartPage />);
    const riceSelect = screen.getByRole("combobox", { name: /Sona Masoori Rice/ });
    await user.selectOptions(riceSelect, "3");
    expect(getCart().cartItems[0].qty).toBe(3);
    expect(screen.getByText("₹1,357.00")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: /Sona Masoori Rice/ }), "0");
    expect(getCart().cartItems.map((line) => line.name)).toEqual(["Toor Dal"]);
    expect(screen.queryByRole("combobox", { name: /Sona Masoori Rice/ })).toBeNull();
  });

  it("removes a line with its remove button and shows the empty text when none are left", async () => {
    serveBatch([record(rice)]);
    addToCart(rice);
    const user = userEvent.setup();
    render(<CartPage />);
    await user.click(screen.getByRole("button", { name: "Remove India Gate Sona Masoori Rice 5 kg" }));
    expect(getCart().cartItems).toEqual([]);
    expect(screen.getByText(/Your cart is empty/)).toBeInTheDocument();
  });

  it("sends a visitor to sign in first, returning to /shipping", async () => {
    serveBatch([record(rice)]);
    addToCart(rice);
    const user = userEvent.setup();
    render(<CartPage />);
    await user.click(screen.getByRole("button", { name: "Proceed To Checkout" }));
    expect(navigate).toHaveBeenCalledWith("/login?redirect=/shipping");
  });

  it("sends a signed-in shopper straight to /shipping", async () => {
    signIn();
    serveBatch([record(rice)]);
    addToCart(rice);
    const user = userEvent.setup();
    render(<CartPage />);
    await user.click(screen.getByRole("button", { name: "Proceed To Checkout" }));
    expect(navigate).toHaveBeenCalledWith("/shipping");
  });

  it("refreshes prices from the batch endpoint and says which changed", async () => {
    const fetchMock = serveBatch([record(rice, { dprice: 410 }), record(dal)]);
    addToCart(rice);
    addToCart(dal);
    render(<CartPage />);
    expect(await screen.findByText(/Some prices have changed/)).toBeInTheDocument();
    expect(screen.getByText("India Gate Sona Masoori Rice 5 kg: ₹410.00")).toBeInTheDocument();
    const [path, options] = fetchMock.mock.calls[0];
    expect(path).toBe("/api/products/financials/batch");
    expect(JSON.parse(options.body)).toEqual({
      items: [
        { productId: "1", brandId: "11", financialId: "101" },
        { productId: "2", brandId: "21", financialId: "201" },
      ],
    });
    expect(getCart().totalPrice).toBe("570.00");
  });

  it("tells the shopper when a pack is no longer sold", async () => {
    serveBatch([record(dal)]);
    addToCart(rice);
    addToCart(dal);
    render(<CartPage />);
    expect(await screen.findByText(/no longer sold/)).toBeInTheDocument();
    expect(screen.getAllByText("India Gate Sona Masoori Rice 5 kg").length).toBeGreaterThan(0);
    expect(getCart().cartItems).toHaveLength(1);
  });

  it("marks an out-of-stock line and holds checkout until it is removed", async () => {
    serveBatch([record(rice, { countInStock: 0 }), record(dal)]);
    addToCart(rice);
    addToCart(dal);
    render(<CartPage />);
    expect(await screen.findByText("Out of stock")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Proceed To Checkout" })).toBeDisabled();
  });

  it("keeps the current count selectable when it is above the stock", () => {
    expect(qtyOptions({ qty: 2, countInStock: 0 })).toEqual([0, 2]);
    expect(qtyOptions({ qty: 1, countInStock: 10 })).toHaveLength(11);
  });
});
