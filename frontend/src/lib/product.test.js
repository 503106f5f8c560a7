import { describe, expect, it } from "vitest";
import {
  brandVariants,
  cardImage,
  cartItemFor,
  pickedHref,
  displayName,
  packLabel,
  productHref,
  productTitle,
  samePackSize,
  selectionFromQuery,
} from "./product";

const pack = { _id: 77, quantity: "5", units: "kg", price: 450, dprice: 399, Discount: 11, countInStock: 25, unitPrice: 79.8, unitPriceBasis: "kg" };
const detail = { _id: 31, brand: "India Gate", images: [{ image: "/media/ig.svg" }], financials: [pack] };
const product = {
  _id: 12,
  name: "Sona Masoori Rice",
  slug: "sona-masoori-rice",
  category: "RICE & PULSES",
  image: "/media/rice.svg",
  rating: "4.50",
  numReviews: 2,
  details: [detail, { _id: 32, brand: "Empty", images: [], financials: [] }],
};

describe("displayName", () => {
  it("joins brand and name, drops repeated words and capitalises", () => {
    expect(displayName("aashirvaad", "Aashirvaad whole wheat atta")).toBe("Aashirvaad Whole Wheat Atta");
    expect(displayName("India Gate", "India Gate Basmati Rice")).toBe("India Gate Basmati Rice");
    expect(displayName("", "  sugar ")).toBe("Sugar");
  });

  it("keeps initialisms that are all capitals in the data", () => {
    expect(displayName("SMLR", "smlr mart Cow Ghee")).toBe("SMLR Mart Cow Ghee");
    expect(displayName("MTR", "Rava Idli Mix")).toBe("MTR Rava Idli Mix");
    expect(displayName("GRB", "GRB Ghee")).toBe("GRB Ghee");
    expect(displayName("Tata", "tea AGNI")).toBe("Tata Tea AGNI");
    expect(displayName("A", "b ok")).toBe("A B Ok");
  });
});

describe("cart line", () => {
  it("carries the fields of the cart item, ids as strings and quantity as a string", () => {
    expect(cartItemFor(product, detail, pack, 2)).toEqual({
      productId: "12",
      name: "Sona Masoori Rice",
      nameTe: "",
      slug: "sona-masoori-rice",
      category: "RICE & PULSES",
      brand: "India Gate",
      brandId: "31",
      financialId: "77",
      quantity: "5",
      units: "kg",
      price: 450,
      dprice: 399,
      Discount: 11,
      unitPrice: 79.8,
      unitPriceBasis: "kg",
      image: "/media/ig.svg",
      qty: 2,
    });
  });

  it("falls back to the product image when the brand has none", () => {
    expect(cartItemFor(product, { ...detail, images: [] }, pack).image).toBe("/media/rice.svg");
  });
});

describe("cards and links", () => {
  it("makes one card per brand that has packs", () => {
    expect(brandVariants([product]).map((variant) => variant.detail.brand)).toEqual(["India Gate"]);
  });

  it("shows only the brand a search named, and every brand otherwise (issue 45: 'Brand: Heritage')", () => {
    const milk = {
      _id: "7", name: "Toned Milk",
      details: [
        { _id: "71", brand: "Heritage", financials: [pack] },
        { _id: "72", brand: "Jersey", financials: [pack] },
      ],
    };
    const brands = (picked) => brandVariants([milk], picked).map((variant) => variant.detail.brand);
    expect(brands({ 7: { detail: "71", brand: true } })).toEqual(["Heritage"]);
    // A size named ('milk 1 L') picks the brand to show first, not the only one.
    expect(brands({ 7: { detail: "72", pack: "1" } })).toEqual(["Heritage", "Jersey"]);
    expect(brands(null)).toEqual(["Heritage", "Jersey"]);
  });

  it("labels a pack by quantity and units", () => {
    expect(packLabel(pack)).toBe("5 kg");
  });

  it("links to the product page with brand, size and count, which the page reads back", () => {
    const href = productHref("sona-masoori-rice", { brand: "India Gate", pack, qty: 3 });
    expect(href).toBe("/product/sona-masoori-rice?brand=India+Gate&quantity=5&units=kg&qty=3");
    expect(selectionFromQuery(href.split("?")[1])).toEqual({ brand: "India Gate", quantity: "5", units: "kg", qty: 3 });
  });

  it("ignores a pack count outside 1 to 10", () => {
    expect(selectionFromQuery("qty=11").qty).toBeNull();
    expect(selectionFromQuery("qty=0").qty).toBeNull();
  });

  it("matches pack sizes numerically", () => {
    expect(samePackSize(pack, "5.0", "kg")).toBe(true);
    expect(samePackSize(pack, "5", "g")).toBe(false);
    expect(samePackSize(pack, null, "kg")).toBe(false);
  });
});

describe("cardImage", () => {
  const product = { image: "/media/p.svg" };
  it("uses the card-sized copy of an uploaded photo, else the brand's picture, else the product's", () => {
    const uploaded = { images: [{ image: "/media/catalog/uploads/a.webp", thumbnail: "/media/catalog/uploads/a-card.webp" }] };
    expect(cardImage(product, uploaded)).toBe("/media/catalog/uploads/a-card.webp");
    expect(cardImage(product, { images: [{ image: "/media/brand.svg" }] })).toBe("/media/brand.svg");
    expect(cardImage(product, { images: [] })).toBe("/media/p.svg");
  });
});

describe("productTitle", () => {
  it("gives the Telugu name with the brand in Telugu, and the English name beside it", () => {
    const rice = { name: "Sona Masoori Rice", nameTe: "సోనా మసూరి బియ్యం" };
    expect(productTitle("India Gate", rice, "te")).toEqual({ title: "India Gate సోనా మసూరి బియ్యం", english: "Sona Masoori Rice" });
    expect(productTitle("India Gate", rice, "en")).toEqual({ title: "India Gate Sona Masoori Rice", english: null });
    expect(productTitle("India Gate", { name: "Sona Masoori Rice", nameTe: "" }, "te")).toEqual({ title: "India Gate Sona Masoori Rice", english: null });
  });
});

describe("pickedHref", () => {
  const product = {
    _id: "28",
    slug: "sugar",
    details: [
      { _id: "51", brand: "Uttam", financials: [{ _id: "74", quantity: "1", units: "kg" }] },
      { _id: "52", brand: "Madhur", financials: [{ _id: "75", quantity: "1", units: "kg" }, { _id: "76", quantity: "5", units: "kg" }] },
    ],
  };

  it("opens the product with the brand and the pack of the size the search named", () => {
    expect(pickedHref(product, { detail: "52", pack: "76" })).toBe("/product/sugar?brand=Madhur&quantity=5&units=kg");
    expect(pickedHref(product, { detail: "52", pack: "75", qty: 2 })).toBe("/product/sugar?brand=Madhur&quantity=1&units=kg&qty=2");
  });

  it("names the brand alone when no size was named, and nothing without a pick", () => {
    expect(pickedHref(product, { detail: "51" })).toBe("/product/sugar?brand=Uttam");
    expect(pickedHref(product, undefined)).toBe("/product/sugar");
  });
});
