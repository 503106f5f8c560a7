import { describe, expect, it } from "vitest";
import { handOverSuggestions, searchHref, takeHandedOverSuggestions, wantsSuggestions } from "./search";

describe("search helpers", () => {
  it("wants suggestions from 3 trimmed characters", () => {
    expect(wantsSuggestions("  ri ")).toBe(false);
    expect(wantsSuggestions(" ric")).toBe(true);
  });

  it("encodes the query into the results URL", () => {
    expect(searchHref("Rice & Dal")).toBe("/search?query=Rice%20%26%20Dal");
  });

  it("hands suggestions over once, keyed by the query", () => {
    handOverSuggestions("rice", { products: [{ _id: "1" }], brands: ["B"] });
    expect(takeHandedOverSuggestions("dal")).toBeNull();
    expect(takeHandedOverSuggestions("rice")).toEqual({ products: [{ _id: "1" }], brands: ["B"] });
    expect(takeHandedOverSuggestions("rice")).toBeNull();
  });
});
