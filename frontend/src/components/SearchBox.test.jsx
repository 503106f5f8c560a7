import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setLanguage } from "../lib/i18n";
import { navigate } from "../lib/navigation";
import { takeHandedOverSuggestions } from "../lib/search";
import SearchBox from "./SearchBox";

vi.mock("../lib/navigation", () => ({ navigate: vi.fn() }));

const products = [
  {
    _id: "1",
    name: "Sona Masoori Rice",
    nameTe: "సోనా మసూరి బియ్యం",
    slug: "sona-masoori-rice",
    category: "RICE & PULSES",
    categoryTe: "బియ్యం & పప్పులు",
    details: [{ brand: "India Gate" }, { brand: "Daawat" }],
  },
  { _id: "2", name: "Rice Flour", slug: "rice-flour", category: "", details: [] },
];
const brands = ["Rice Bran Co"];

function reply(status, body) {
  return Promise.resolve({ ok: status < 400, status, statusText: "", text: () => Promise.resolve(JSON.stringify(body)) });
}

let fetchMock;
beforeEach(() => {
  fetchMock = vi.fn(() => reply(200, { products, brands }));
  vi.stubGlobal("fetch", fetchMock);
  sessionStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(navigate).mockClear();
});

async function typeAndWait(text) {
  const user = userEvent.setup();
  render(<SearchBox />);
  const input = screen.getByRole("combobox", { name: "Search for products or brands" });
  await user.type(input, text);
  await screen.findAllByRole("option");
  return { user, input };
}

const optionIds = () => screen.getAllByRole("option").map((option) => option.id);

describe("SearchBox", () => {
  it("has the spec's placeholder and a labelled search button", () => {
    render(<SearchBox />);
    expect(screen.getByPlaceholderText("Search for products or brands...")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Search" })).toBeInTheDocument();
  });

  it("does not fetch below 3 trimmed characters", async () => {
    const user = userEvent.setup();
    render(<SearchBox />);
    await user.type(screen.getByRole("combobox"), "  ri ");
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("debounces: typing a word quickly fetches once, for the whole word", async () => {
    await typeAndWait("rice");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/products/suggestions?q=rice");
  });

  it("on a Telugu page, a suggestion shows its category's Telugu name (the English one without it)", async () => {
    await act(() => setLanguage("te"));
    try {
      const user = userEvent.setup();
      render(<SearchBox />);
      await user.type(screen.getByRole("combobox"), "ric");
      const [first, second] = await screen.findAllByRole("option");
      expect(first).toHaveTextContent("బియ్యం & పప్పులు");
      expect(first).not.toHaveTextContent("RICE & PULSES");
      expect(second).not.toHaveTextContent("బియ్యం");
    } finally {
      await act(() => setLanguage("en"));
    }
  });

  it("shows category, brands and name for products and 'Brand: name' for brands", async () => {
    const { input } = await typeAndWait("ric");
    expect(input).toHaveAttribute("aria-expanded", "true");
    const [first, second, third] = screen.getAllByRole("option");
    expect(first).toHaveTextContent("RICE & PULSES");
    expect(first).toHaveTextContent("India Gate, Daawat");
    expect(first).toHaveTextContent("Sona Masoori Rice");
    expect(within(second).getAllByText("Unknown")).toHaveLength(2);
    expect(third).toHaveTextContent("Brand: Rice Bran Co");
  });

  it("arrow keys move through the suggestions and wrap both ways", async () => {
    const { user, input } = await typeAndWait("ric");
    const ids = optionIds();
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", ids[0]);
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", ids[2]);
    expect(screen.getAllByRole("option")[2]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(input).toHaveAttribute("aria-activedescendant", ids[0]);
    await user.keyboard("{ArrowUp}");
    expect(input).toHaveAttribute("aria-activedescendant", ids[2]);
  });

  it("Enter on a product opens its page and clears the box", async () => {
    const { user, input } = await typeAndWait("ric");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(navigate).toHaveBeenCalledWith("/product/sona-masoori-rice");
    expect(input).toHaveValue("");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("a suggestion for a text naming a size opens the product with that brand and pack chosen", async () => {
    const sized = [
      {
        ...products[0],
        details: [
          { _id: "11", brand: "India Gate", financials: [{ _id: "21", quantity: "1", units: "kg" }] },
          { _id: "12", brand: "Lalitha", financials: [{ _id: "22", quantity: "5", units: "kg" }] },
        ],
      },
    ];
    fetchMock.mockImplementation(() => reply(200, { products: sized, brands: [], picked: { 1: { detail: "12", pack: "22" } } }));
    const { user } = await typeAndWait("sona masoori 5 kg");
    await user.keyboard("{ArrowDown}{Enter}");
    expect(navigate).toHaveBeenCalledWith("/product/sona-masoori-rice?brand=Lalitha&quantity=5&units=kg");
  });

  it("Enter on a brand searches for the brand", async () => {
    const { user } = await typeAndWait("ric");
    await user.keyboard("{ArrowUp}{Enter}");
    expect(navigate).toHaveBeenCalledWith("/search?query=Rice%20Bran%20Co");
  });

  it("clicking a suggestion picks it", async () => {
    const { user } = await typeAndWait("ric");
    await user.click(screen.getAllByRole("option")[1]);
    expect(navigate).toHaveBeenCalledWith("/product/rice-flour");
  });

  it("a pointer resting on a suggestion does not choose it: Enter searches what was typed", async () => {
    // The list can open under a pointer that stays where it was (Chromium then sends it a
    // mouseover); only the arrow keys choose what Enter opens.
    const { user } = await typeAndWait("ric");
    await user.hover(screen.getAllByRole("option")[1]);
    expect(screen.getByRole("combobox")).not.toHaveAttribute("aria-activedescendant");
    await user.keyboard("{Enter}");
    expect(navigate).toHaveBeenCalledWith("/search?query=ric");
  });

  it("the search button goes to the results and hands the suggestions over", async () => {
    const { user } = await typeAndWait(" rice ");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(navigate).toHaveBeenCalledWith("/search?query=rice");
    expect(takeHandedOverSuggestions("rice")).toEqual({ products, brands, picked: {} });
  });

  it("blank text does nothing", async () => {
    const user = userEvent.setup();
    render(<SearchBox />);
    await user.type(screen.getByRole("combobox"), "   {Enter}");
    await user.click(screen.getByRole("button", { name: "Search" }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it("an outside click closes the list", async () => {
    const { user, input } = await typeAndWait("ric");
    await user.click(document.body);
    expect(input).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("a load error shows a danger alert with the server message", async () => {
    fetchMock.mockImplementation(() => reply(500, { message: "Search is resting" }));
    const user = userEvent.setup();
    render(<SearchBox />);
    await user.type(screen.getByRole("combobox"), "rice");
    expect(await screen.findByRole("alert")).toHaveTextContent("Search is resting");
  });
});
