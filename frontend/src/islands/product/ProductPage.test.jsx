import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getCart } from "../../lib/cart";
import { t } from "../../lib/i18n";
import ProductPage, { BRAND_NOT_AVAILABLE, QUANTITY_NOT_AVAILABLE } from "./ProductPage";

const product = {
  _id: "12",
  name: "Sona Masoori Rice",
  slug: "sona-masoori-rice",
  category: "RICE & PULSES",
  image: "/media/rice.svg",
  description: "Everyday rice.",
  details: [
    {
      _id: "31",
      brand: "India Gate",
      images: [{ image: "/media/ig.svg" }],
      declarations: {
        packerName: "KRBL Ltd.",
        packerAddress: "Noida, Uttar Pradesh 201301",
        countryOfOrigin: "India",
        genericName: "Rice",
        bestBefore: "Best before 12 months from packing",
        consumerCare: "1800-103-7788",
      },
      financials: [
        { _id: "77", quantity: "5", units: "kg", price: 450, dprice: 399, Discount: 11, countInStock: 25, unitPrice: 79.8, unitPriceBasis: "kg" },
        { _id: "78", quantity: "1", units: "kg", price: 95, dprice: 90.25, Discount: 5, countInStock: 0 },
      ],
    },
    {
      _id: "32",
      brand: "Daawat",
      images: [],
      financials: [
        { _id: "80", quantity: "1", units: "kg", price: 100, dprice: 100, Discount: 0, countInStock: 5 },
        { _id: "81", quantity: "5", units: "kg", price: 480, dprice: 432, Discount: 10, countInStock: 5 },
      ],
    },
  ],
  reviews: [],
};

let fetchMock;
beforeEach(() => {
  fetchMock = vi.fn(() =>
    Promise.resolve({ ok: true, status: 200, statusText: "OK", text: () => Promise.resolve(JSON.stringify(product)) }),
  );
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

async function open(search = "") {
  const user = userEvent.setup();
  render(<ProductPage location={{ pathname: "/product/sona-masoori-rice", search }} />);
  await screen.findByRole("heading", { name: "Sona Masoori Rice", level: 1 });
  return user;
}

const brand = () => screen.getByLabelText("Brand");
const weight = () => screen.getByLabelText("Weight");
const packs = () => screen.getByLabelText("Number of Packs");
// The main button; the Similar Items cards carry their own "Add to Cart: {name}, {size}" buttons.
const addButton = () => screen.getByRole("button", { name: /^(Add to Cart|Added to Cart|Out of stock)$/ });

describe("ProductPage", () => {
  it("loads the product by slug and offers brand, weight and 1 to 10 packs", async () => {
    await open();
    expect(fetchMock.mock.calls[0][0]).toBe("/api/products/sona-masoori-rice");
    expect(brand()).toHaveValue("India Gate");
    expect(within(brand()).getAllByRole("option").map((option) => option.textContent)).toEqual(["India Gate", "Daawat"]);
    expect(weight()).toHaveValue("5|kg");
    expect(within(weight()).getAllByRole("option").map((option) => option.textContent)).toEqual(["5 kg", "1 kg (Out of stock)"]);
    expect(within(packs()).getAllByRole("option").map((option) => option.value)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  });

  it("shows MRP, discount price, discount percent and the price for the chosen number of packs", async () => {
    const user = await open();
    expect(screen.getByTestId("mrp")).toHaveTextContent("₹450.00");
    expect(screen.getByTestId("dprice")).toHaveTextContent("₹399.00");
    expect(screen.getByTestId("discount")).toHaveTextContent("11%");
    expect(screen.getByTestId("packs-price")).toHaveTextContent("₹399.00");
    await user.selectOptions(packs(), "3");
    expect(screen.getByText("Price for 3 packs")).toBeInTheDocument();
    expect(screen.getByTestId("packs-price")).toHaveTextContent("₹1,197.00");
  });

  it("states no 'Discount 0%' for a pack sold at its MRP (issue 45)", async () => {
    const user = await open();
    await user.selectOptions(brand(), "Daawat");
    await user.selectOptions(weight(), "1|kg");
    expect(screen.getByTestId("dprice")).toHaveTextContent("₹100.00");
    expect(screen.queryByTestId("discount")).not.toBeInTheDocument();
    expect(screen.queryByText("Discount")).not.toBeInTheDocument();
  });

  it("shows the unit sale price and the brand's Product details with the pack's net quantity", async () => {
    await open();
    expect(within(screen.getByTestId("dprice").closest("dl")).getByTestId("unit-price")).toHaveTextContent("₹79.80 / kg");
    const section = screen.getByRole("region", { name: "Product details" });
    const rows = within(section)
      .getAllByRole("term")
      .map((term) => [term.textContent, term.nextSibling.textContent]);
    expect(rows).toEqual([
      ["Generic name", "Rice"],
      ["Net quantity", "5 kg"],
      ["MRP (inclusive of all taxes)", "₹450.00"],
      ["Manufactured / packed by", "KRBL Ltd., Noida, Uttar Pradesh 201301"],
      ["Country of origin", "India"],
      ["Best before", "Best before 12 months from packing"],
      ["Consumer care", "1800-103-7788"],
    ]);
  });

  it("adds the selection, then shows a disabled 'Added to Cart' until the selection changes", async () => {
    const user = await open();
    await user.selectOptions(packs(), "2");
    await user.click(addButton());
    expect(getCart().cartItems).toEqual([
      expect.objectContaining({ productId: "12", brand: "India Gate", brandId: "31", financialId: "77", quantity: "5", units: "kg", qty: 2 }),
    ]);
    expect(addButton()).toHaveTextContent("Added to Cart");
    expect(addButton()).toBeDisabled();

    await user.selectOptions(packs(), "4");
    expect(addButton()).toHaveTextContent("Add to Cart");
    expect(addButton()).toBeEnabled();
    await user.click(addButton());
    expect(getCart().cartItems).toHaveLength(1);
    expect(getCart().cartItems[0].qty).toBe(4);
    expect(addButton()).toBeDisabled();

    await user.selectOptions(brand(), "Daawat");
    expect(addButton()).toHaveTextContent("Add to Cart");
  });

  it("keeps the weight when switching brands if the new brand has it", async () => {
    const user = await open();
    await user.selectOptions(brand(), "Daawat");
    expect(weight()).toHaveValue("5|kg");
    expect(screen.getByTestId("dprice")).toHaveTextContent("₹432.00");
  });

  it("an out-of-stock pack cannot be added and says so", async () => {
    const user = await open();
    await user.selectOptions(weight(), "1|kg");
    expect(addButton()).toHaveTextContent("Out of stock");
    expect(addButton()).toBeDisabled();
    expect(getCart().cartItems).toHaveLength(0);
  });

  it("preselects brand, size and count from the query string", async () => {
    await open("?brand=Daawat&quantity=1&units=kg&qty=3");
    expect(brand()).toHaveValue("Daawat");
    expect(weight()).toHaveValue("1|kg");
    expect(packs()).toHaveValue("3");
    expect(screen.getByTestId("packs-price")).toHaveTextContent("₹300.00");
  });

  it("offers at most the pack's stock and says why when the stock is the cap", async () => {
    const user = await open();
    expect(within(packs()).getAllByRole("option")).toHaveLength(10);
    expect(screen.queryByText(/^Only \d+ left$/)).not.toBeInTheDocument();

    await user.selectOptions(brand(), "Daawat");
    expect(within(packs()).getAllByRole("option").map((option) => option.value)).toEqual(["1", "2", "3", "4", "5"]);
    expect(screen.getByText("Only 5 left")).toBeInTheDocument();
  });

  it("a count above the stock says so and is not added, instead of being cut", async () => {
    const user = await open("?brand=Daawat&quantity=1&units=kg&qty=8");
    expect(packs()).toHaveValue("8");
    expect(screen.getByText("Only 5 packs are left, so 8 can't be added. Choose 5 or fewer.")).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    expect(getCart().cartItems).toHaveLength(0);

    await user.selectOptions(packs(), "5");
    await user.click(addButton());
    expect(getCart().cartItems[0].qty).toBe(5);
  });

  it("says so when the selected brand does not exist", async () => {
    await open("?brand=Kohinoor&quantity=5&units=kg");
    expect(screen.getByRole("alert")).toHaveTextContent("Selected brand details are not available.");
    expect(t(BRAND_NOT_AVAILABLE)).toBe("Selected brand details are not available.");
    expect(screen.queryByRole("button", { name: "Add to Cart" })).toBeNull();
  });

  it("says so when the selected quantity does not exist for the brand", async () => {
    const user = await open("?brand=India%20Gate&quantity=10&units=kg");
    expect(screen.getByRole("alert")).toHaveTextContent("Selected quantity details are not available.");
    expect(t(QUANTITY_NOT_AVAILABLE)).toBe("Selected quantity details are not available.");
    await user.selectOptions(weight(), "5|kg");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(addButton()).toBeEnabled();
  });

  it("lists the other brands as Similar Items", async () => {
    await open();
    const similar = screen.getByRole("region", { name: "Similar Items" });
    expect(within(similar).getByRole("heading", { name: "Daawat Sona Masoori Rice" })).toBeInTheDocument();
    expect(within(similar).queryByText(/India Gate/)).toBeNull();
  });

  it("shows the server's message when the product cannot be loaded", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve({ ok: false, status: 404, statusText: "Not Found", text: () => Promise.resolve('{"message": "Product not found"}') }),
    );
    render(<ProductPage location={{ pathname: "/product/nope", search: "" }} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Product not found");
  });
});
