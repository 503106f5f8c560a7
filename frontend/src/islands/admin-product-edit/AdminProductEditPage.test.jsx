import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { config } from "../../lib/config";
import { navigate } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import AdminProductEditPage, { PRODUCT_LIST, PRODUCT_UPDATED } from "./AdminProductEditPage";
import { initialPack } from "./editForm";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));
vi.mock("../../lib/toast", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { toast } = await import("../../lib/toast");

const pack = (id, quantity, units, price, Discount, countInStock) => ({
  _id: id, quantity, units, price, dprice: price * (1 - Discount / 100), Discount, countInStock,
});
const product = (financials) => ({
  _id: "7", name: "Sunflower Oil", nameTe: "పొద్దుతిరుగుడు నూనె", slug: "sunflower-oil", category: "OILS", image: "/media/p.svg",
  details: [{ _id: "21", brand: "Freedom", images: [{ image: "/media/freedom.svg" }], financials }],
});
const routes = (item, extra = {}) => ({
  "GET /api/admin/products/sunflower-oil": { body: item },
  "GET /api/products/categories": { body: { categories: ["OILS", "RICE"] } },
  "GET /api/products/sunflower-oil/details/21/barcodes": { body: { barcodes: [] } },
  ...extra,
});
const open = async (item, extra) => {
  const fetchMock = mockFetch(routes(item, extra));
  render(<AdminProductEditPage productRef="sunflower-oil" detailId="21" />);
  await screen.findByLabelText("Weight");
  return fetchMock;
};
const weight = () => screen.getByLabelText("Weight");

beforeEach(() => {
  vi.mocked(navigate).mockReset();
  vi.mocked(toast.success).mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe("Edit Product Details: sizes", () => {
  it("preselects the first size when there is no size 1", async () => {
    await open(product([pack("a", "500", "ml", 90, 10, 4), pack("b", "5", "l", 800, 5, 12)]));
    expect(screen.getByRole("heading", { name: "Edit Product Details" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/admin/productlist");
    expect(weight()).toHaveValue("a");
    expect(screen.getByLabelText("Price")).toHaveValue(90);
    expect(screen.getByLabelText("Discount")).toHaveValue(10);
    expect(screen.getByLabelText("Stock")).toHaveValue(4);
    expect(screen.getByLabelText("Name")).toHaveValue("Sunflower Oil");
    expect(screen.getByLabelText("Telugu name")).toHaveValue("పొద్దుతిరుగుడు నూనె");
    expect(screen.getByLabelText("Category")).toHaveValue("OILS");
    expect(screen.getByLabelText("Brand")).toHaveValue("Freedom");
    expect(screen.getByLabelText("Image")).toHaveValue("/media/freedom.svg");
  });

  it("preselects size 1 when the brand has one, even when it is not first", async () => {
    await open(product([pack("a", "500", "ml", 90, 10, 4), pack("b", "1", "l", 160, 0, 9)]));
    expect(weight()).toHaveValue("b");
    expect(screen.getByLabelText("Price")).toHaveValue(160);
    expect(initialPack({ financials: [] })).toBeNull();
    // The list's Add pack names the new sample pack in the address; it wins.
    expect(initialPack({ financials: [pack("a", "1", "kg", 1, 0, 0), pack("c", "2", "kg", 0, 0, 0)] }, "c")._id).toBe("c");
  });

  it("changing the size loads that size's discount, price and stock", async () => {
    await open(product([pack("a", "500", "ml", 90, 10, 4), pack("b", "5", "l", 800, 5, 12)]));
    await userEvent.selectOptions(weight(), "5 l");
    expect(screen.getByLabelText("Price")).toHaveValue(800);
    expect(screen.getByLabelText("Discount")).toHaveValue(5);
    expect(screen.getByLabelText("Stock")).toHaveValue(12);
    expect(screen.queryByLabelText("Weight (new size)")).toBeNull();
  });
});

describe("Edit Product Details: manual weight", () => {
  it("shows the manual Weight field only when 'Select Weight' is chosen, and sends it as manualQuantity", async () => {
    const fetchMock = await open(product([pack("a", "500", "ml", 90, 10, 4)]), {
      "PUT /api/products/7/details/21": { body: {} },
    });
    expect(screen.queryByLabelText("Weight (new size)")).toBeNull();
    await userEvent.selectOptions(weight(), "Select Weight");
    const manual = screen.getByLabelText("Weight (new size)");
    expect(screen.getByLabelText("Price")).toHaveValue(null);
    await userEvent.type(manual, "2");
    await userEvent.type(screen.getByLabelText("Price"), "300");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      // A new size is typed in the brand's usual unit (its first pack's), shown in the Unit field.
      manualQuantity: "2", quantity: "", units: "ml", price: "300", slug: "sunflower-oil", detailId: "21",
      packPublished: false, lowStockThreshold: "",
    });
  });

  it("a chosen size sends its quantity and units with manualQuantity 0; success says 'Product details updated' after the answer", async () => {
    const fetchMock = await open(product([pack("a", "500", "ml", 90, 10, 4)]), {
      "PUT /api/products/7/details/21": { body: {} },
    });
    await userEvent.clear(screen.getByLabelText("Stock"));
    await userEvent.type(screen.getByLabelText("Stock"), "25");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(toast.success).toHaveBeenCalledWith("Product details updated"));
    expect(PRODUCT_UPDATED).toBe("admin.productEdit.updated");
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      quantity: "500", units: "ml", manualQuantity: 0, countInStock: "25", price: "90", discount: "10",
    });
  });

  it("sends the edited Telugu name as nameTe", async () => {
    const fetchMock = await open(product([pack("a", "500", "ml", 90, 10, 4)]), {
      "PUT /api/products/7/details/21": { body: {} },
    });
    await userEvent.clear(screen.getByLabelText("Telugu name"));
    await userEvent.type(screen.getByLabelText("Telugu name"), "సన్‌ఫ్లవర్ నూనె");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      name: "Sunflower Oil", nameTe: "సన్‌ఫ్లవర్ నూనె",
    });
  });

  it("shows the brand's Legal Metrology declarations and sends the edited ones", async () => {
    const item = product([pack("a", "500", "ml", 90, 10, 4)]);
    item.details[0].declarations = {
      packerName: "Freedom Oils Ltd.", packerAddress: "Hyderabad 500076", countryOfOrigin: "India",
      genericName: "Sunflower oil", bestBefore: "9 months from packing", consumerCare: "1800-425-0001",
    };
    const fetchMock = await open(item, { "PUT /api/products/7/details/21": { body: {} } });
    expect(screen.getByRole("group", { name: "Legal Metrology declarations (every pack of this brand)" })).toBeInTheDocument();
    expect(screen.getByLabelText("Manufacturer / packer / importer")).toHaveValue("Freedom Oils Ltd.");
    await userEvent.clear(screen.getByLabelText("Country of origin"));
    await userEvent.type(screen.getByLabelText("Country of origin"), " Nepal ");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      packerName: "Freedom Oils Ltd.", countryOfOrigin: "Nepal", consumerCare: "1800-425-0001",
    });
  });

  it("shows the product's HSN code and GST rate, offers the server's rates and sends the edited ones", async () => {
    config.gstRates = [0, 5, 12, 18, 28];
    const fetchMock = await open({ ...product([pack("a", "500", "ml", 90, 10, 4)]), hsnCode: "1512", gstRate: 5 }, {
      "PUT /api/products/7/details/21": { body: {} },
    });
    expect(screen.getByLabelText("HSN code")).toHaveValue("1512");
    const rate = screen.getByLabelText("GST rate");
    expect(rate).toHaveValue("5");
    expect([...rate.options].map((option) => option.textContent)).toEqual(["0%", "5%", "12%", "18%", "28%"]);
    expect(rate).toHaveAccessibleDescription(/placed orders keep theirs/);
    await userEvent.clear(screen.getByLabelText("HSN code"));
    await userEvent.type(screen.getByLabelText("HSN code"), "15121110 ");
    await userEvent.selectOptions(rate, "18");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({ hsnCode: "15121110", gstRate: "18" });
  });

  it("shows the server's message when it refuses, and stays", async () => {
    await open(product([pack("a", "500", "ml", 90, 10, 4)]), {
      "PUT /api/products/7/details/21": { status: 400, body: { message: "Discount must be between 0 and 100." } },
    });
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Discount must be between 0 and 100.");
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe("Edit Product Details: a price below cost", () => {
  it("shows the server's warning with the figures while the price typed sells below the latest cost", async () => {
    const warning = "₹45.00 sells this pack below its latest cost: ₹70.00 before GST, ₹73.50 with 5% GST.";
    const checked = [];
    await open(product([pack("a", "500", "ml", 90, 10, 4)]), {
      "GET /api/inventory/packs/a/price-check": ({ search }) => {
        const query = new URLSearchParams(search);
        checked.push(Object.fromEntries(query));
        return { body: { belowCost: query.get("discount") === "50", warning: query.get("discount") === "50" ? warning : null } };
      },
    });
    await vi.waitFor(() => expect(checked).toContainEqual({ price: "90", discount: "10" }));
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    const discount = screen.getByLabelText("Discount");
    await userEvent.clear(discount);
    await userEvent.type(discount, "50");
    expect(await screen.findByText(warning)).toBeInTheDocument();
    await userEvent.clear(discount);
    await userEvent.type(discount, "5");
    await vi.waitFor(() => expect(screen.queryByText(warning)).not.toBeInTheDocument());
  });
});

describe("Edit Product Details: barcodes", () => {
  it("shows the chosen size's codes and sends them, with the shop's own code when ticked", async () => {
    const item = product([pack("a", "500", "ml", 90, 10, 4), pack("b", "5", "l", 800, 5, 12)]);
    const fetchMock = await open(item, {
      "GET /api/products/sunflower-oil/details/21/barcodes": {
        body: { barcodes: [{ financialId: "a", code: "8901063010314", kind: "ean13" }, { financialId: "b", code: "96385074", kind: "ean8" }] },
      },
      "PUT /api/products/7/details/21": { body: {} },
    });
    const codes = screen.getByLabelText("Barcodes of this size");
    expect(codes).toHaveValue("8901063010314");
    await userEvent.selectOptions(weight(), "5 l");
    expect(codes).toHaveValue("96385074");
    await userEvent.type(codes, " 036000291452");
    await userEvent.click(screen.getByLabelText(/shop's own code/));
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      quantity: "5",
      barcodes: ["96385074", "036000291452"],
      shopCode: true,
    });
  });
});

describe("Edit Product Details: description, unit, low-stock threshold, shown to shoppers (issue 45)", () => {
  it("shows them and sends the edited ones: a 1 kg sample becomes a 1 L oil", async () => {
    config.packUnits = ["g", "kg", "ml", "L", "pcs", "pack"];
    const sample = { ...pack("a", "1", "kg", 0, 0, 0), published: false, lowStockThreshold: null };
    const fetchMock = await open({ ...product([sample]), description: "Sample description" }, {
      "PUT /api/products/7/details/21": { body: {} },
    });
    expect(screen.getByLabelText("Description")).toHaveValue("Sample description");
    const unit = screen.getByLabelText("Unit");
    expect(unit).toHaveValue("kg");
    expect([...unit.options].map((option) => option.value)).toEqual(["g", "kg", "ml", "L", "pcs", "pack"]);
    expect(screen.getByLabelText("Low stock at")).toHaveValue(null);
    expect(screen.getByLabelText("Low stock at")).toHaveAccessibleDescription(/shop's default/);
    const shown = screen.getByRole("checkbox", { name: "Shown to shoppers (this size)" });
    expect(shown).not.toBeChecked();

    await userEvent.clear(screen.getByLabelText("Description"));
    await userEvent.type(screen.getByLabelText("Description"), "Cold-pressed sunflower oil");
    await userEvent.selectOptions(unit, "L");
    await userEvent.type(screen.getByLabelText("Low stock at"), "8");
    await userEvent.clear(screen.getByLabelText("Price"));
    await userEvent.type(screen.getByLabelText("Price"), "180");
    await userEvent.click(shown);
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      quantity: "1", units: "kg", packUnits: "L", description: "Cold-pressed sunflower oil",
      lowStockThreshold: "8", packPublished: true, price: "180",
    });
  });

  it("an unchanged unit sends no packUnits; a pack's own threshold shows", async () => {
    const oilPack = { ...pack("a", "1", "L", 160, 0, 9), published: true, lowStockThreshold: 4 };
    const fetchMock = await open(product([oilPack]), { "PUT /api/products/7/details/21": { body: {} } });
    expect(screen.getByLabelText("Low stock at")).toHaveValue(4);
    expect(screen.getByRole("checkbox", { name: "Shown to shoppers (this size)" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      units: "L", packUnits: "", lowStockThreshold: "4", packPublished: true,
    });
  });
});

describe("Edit Product Details: the Telugu description (issue 45)", () => {
  it("shows the product's Telugu description beside the English and sends the edited one", async () => {
    const oilPack = { ...pack("a", "1", "L", 160, 0, 9), published: true, lowStockThreshold: null };
    const fetchMock = await open(
      { ...product([oilPack]), description: "Sunflower oil", descriptionTe: "పొద్దుతిరుగుడు నూనె" },
      { "PUT /api/products/7/details/21": { body: {} } },
    );
    const telugu = screen.getByLabelText("Description (Telugu)");
    expect(telugu).toHaveValue("పొద్దుతిరుగుడు నూనె");
    expect(telugu).toHaveAttribute("lang", "te");
    expect(screen.getByLabelText("Description")).toHaveValue("Sunflower oil");

    await userEvent.clear(telugu);
    await userEvent.type(telugu, "చల్లగా ఆడిన నూనె");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({
      description: "Sunflower oil", descriptionTe: "చల్లగా ఆడిన నూనె",
    });
  });

  it("a product without one shows it empty and sends it blank", async () => {
    const oilPack = { ...pack("a", "1", "L", 160, 0, 9), published: true, lowStockThreshold: null };
    const fetchMock = await open(product([oilPack]), { "PUT /api/products/7/details/21": { body: {} } });
    expect(screen.getByLabelText("Description (Telugu)")).toHaveValue("");
    await userEvent.click(screen.getByRole("button", { name: "Update Details" }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith(PRODUCT_LIST));
    expect(sentBody(fetchMock, "PUT", "/api/products/7/details/21")).toMatchObject({ descriptionTe: "" });
  });
});
