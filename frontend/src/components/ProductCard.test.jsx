import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { addToCart, getCart } from "../lib/cart";
import { setLanguage } from "../lib/i18n";
import { navigate } from "../lib/navigation";
import { mockFetch, sentBody } from "../lib/testing/mockFetch";
import ProductCard from "./ProductCard";

vi.mock("../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), navigate: vi.fn() }));

const packs = [
  { _id: "77", quantity: "5", units: "kg", price: 450, dprice: 399, Discount: 11, countInStock: 25 },
  { _id: "78", quantity: "1", units: "kg", price: 95, dprice: 95, Discount: 0, countInStock: 8, unitPrice: 95, unitPriceBasis: "kg" },
  { _id: "79", quantity: "10", units: "kg", price: 900, dprice: 850, Discount: 5, countInStock: 0 },
];
const detail = { _id: "31", brand: "India Gate", images: [{ image: "/media/ig.svg" }], financials: packs };
const product = { _id: "12", name: "india gate sona masoori rice", slug: "sona-masoori-rice", category: "RICE & PULSES", image: "", details: [detail] };

function renderCard() {
  const user = userEvent.setup();
  render(<ProductCard product={product} detail={detail} />);
  return user;
}

const line = () => getCart().cartItems[0];

beforeEach(() => localStorage.clear());

describe("ProductCard", () => {
  it("in Telugu: the Telugu name with the English one under it, Telugu buttons, Indian money", async () => {
    await setLanguage("te");
    render(<ProductCard product={{ ...product, nameTe: "సోనా మసూరి బియ్యం" }} detail={detail} />);
    expect(screen.getByRole("heading", { name: "India Gate సోనా మసూరి బియ్యం" })).toBeInTheDocument();
    expect(screen.getByText("India Gate Sona Masoori Rice")).toHaveAttribute("lang", "en");
    expect(screen.getByText("11% తగ్గింపు")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "కార్ట్‌కు జోడించండి: India Gate సోనా మసూరి బియ్యం, 5 kg" })).toBeInTheDocument();
    expect(screen.getByText("₹399.00")).toBeInTheDocument();
  });

  it("shows the server's unit sale price of the chosen pack, and none when the server sent none", async () => {
    const user = renderCard();
    expect(screen.queryByTestId("unit-price")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "1 kg" }));
    expect(screen.getByTestId("unit-price")).toHaveTextContent("₹95.00 / kg");
  });

  it("in Telugu without a Telugu name: the English name alone", async () => {
    await setLanguage("te");
    render(<ProductCard product={product} detail={detail} />);
    expect(screen.getByRole("heading", { name: "India Gate Sona Masoori Rice" })).toBeInTheDocument();
    expect(document.querySelector("[lang=en]")).toBeNull();
  });

  it("shows the badge, the de-duplicated name, sizes and struck MRP with the discounted price", () => {
    renderCard();
    expect(screen.getByText("11% off")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "India Gate Sona Masoori Rice" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "5 kg" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("₹399.00")).toBeInTheDocument();
    expect(document.querySelector("s").textContent).toBe("MRP ₹450.00");
    const image = document.querySelector("img");
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).toHaveAttribute("width", "160");
    expect(image).toHaveAttribute("height", "160");
  });

  it("shows no badge or struck price for a pack without discount", async () => {
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: "1 kg" }));
    expect(screen.queryByText(/% off/)).toBeNull();
    expect(document.querySelector("s")).toBeNull();
    expect(screen.getByText("₹95.00")).toBeInTheDocument();
  });

  it("adds the chosen pack as a cart line with the spec's fields", async () => {
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(line()).toMatchObject({
      productId: "12",
      brand: "India Gate",
      brandId: "31",
      financialId: "77",
      quantity: "5",
      units: "kg",
      price: 450,
      dprice: 399,
      Discount: 11,
      image: "/media/ig.svg",
      qty: 1,
      countInStock: 10,
    });
  });

  it("steps the pack count from 1 to 9 and shows the packs total above 1", async () => {
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: /Add to Cart/ }));
    const stepper = screen.getByRole("group", { name: /in cart/ });
    expect(within(stepper).getByText("1")).toBeInTheDocument();
    expect(screen.queryByText(/x Packs/)).toBeNull();
    const plus = within(stepper).getByRole("button", { name: "Add one pack" });
    await user.click(plus);
    expect(screen.getByText(/2x Packs/)).toHaveTextContent("2x Packs ₹798.00");
    for (let i = 0; i < 10; i += 1) await user.click(plus);
    expect(line().qty).toBe(9);
    expect(plus).toBeDisabled();
    expect(screen.getByText(/9x Packs/)).toBeInTheDocument();
  });

  it("minus at 1 removes the line and brings the add button back", async () => {
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: /Add to Cart/ }));
    await user.click(screen.getByRole("button", { name: "Add one pack" }));
    await user.click(screen.getByRole("button", { name: "Remove one pack" }));
    expect(line().qty).toBe(1);
    await user.click(screen.getByRole("button", { name: "Remove one pack" }));
    expect(getCart().cartItems).toHaveLength(0);
    expect(screen.getByRole("button", { name: /Add to Cart/ })).toBeInTheDocument();
  });

  it("follows cart changes made elsewhere (another island or tab)", () => {
    renderCard();
    act(() => {
      addToCart({ productId: "12", brand: "India Gate", quantity: "5", dprice: "399.00", qty: 4 });
    });
    expect(screen.getByText(/4x Packs/)).toBeInTheDocument();
  });

  it("cannot add an out-of-stock pack, says so and offers Notify me", async () => {
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: "10 kg" }));
    expect(screen.getByText("Out of stock")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Add to Cart/ })).toBeNull();
    const notify = await screen.findByRole("button", { name: "Out of stock: notify me when India Gate Sona Masoori Rice 10 kg is back" });
    expect(notify).toHaveTextContent("Notify me");
    expect(getCart().cartItems).toHaveLength(0);
  });

  it("Notify me asks the server once signed in, and sends a guest to sign in first", async () => {
    const fetchMock = mockFetch({ "POST /api/alerts": { status: 201, body: { _id: "1" } } });
    const user = renderCard();
    await user.click(screen.getByRole("button", { name: "10 kg" }));
    await user.click(await screen.findByRole("button", { name: /notify me when/ }));
    expect(navigate).toHaveBeenCalledWith("/login?redirect=/");
    expect(fetchMock).not.toHaveBeenCalled();

    localStorage.setItem("userInfo", JSON.stringify({ token: "a.b.c", phoneNo: "9000000002" }));
    await user.click(screen.getByRole("button", { name: /notify me when/ }));
    expect(await screen.findByRole("button", { name: "We'll text you" })).toBeDisabled();
    expect(sentBody(fetchMock, "POST", "/api/alerts")).toEqual({ financialId: "79" });
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it("links to the product page with brand, size and count", async () => {
    const user = renderCard();
    const link = screen.getByRole("link", { name: "India Gate Sona Masoori Rice" });
    expect(link).toHaveAttribute("href", "/product/sona-masoori-rice?brand=India+Gate&quantity=5&units=kg&qty=1");
    await user.click(screen.getByRole("button", { name: /Add to Cart/ }));
    await user.click(screen.getByRole("button", { name: "Add one pack" }));
    expect(link).toHaveAttribute("href", "/product/sona-masoori-rice?brand=India+Gate&quantity=5&units=kg&qty=2");
  });
});
