import { describe, expect, it } from "vitest";
import { addressLine, isAddressComplete, profileBuyer } from "./rules";

describe("isAddressComplete", () => {
  it("needs street, city and postal code, blanks not counting", () => {
    expect(isAddressComplete({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" })).toBe(true);
    expect(isAddressComplete({ street: "12-4 Gandhi Nagar", city: "  ", postalCode: "533201" })).toBe(false);
    expect(isAddressComplete({ street: "x", city: "y" })).toBe(false);
    expect(isAddressComplete({})).toBe(false);
    expect(isAddressComplete(null)).toBe(false);
  });

  it("writes the address on one line", () => {
    expect(addressLine({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" })).toBe("12-4 Gandhi Nagar, Amalapuram 533201");
  });
});

describe("profileBuyer (issue 43)", () => {
  it("starts checkout's business buyer from the one kept on the profile, or none", () => {
    expect(profileBuyer({ businessBuyer: { gstin: "37AAPFU0939F1ZU", name: "Sri Traders", stateCode: "37" } })).toEqual({
      gstin: "37AAPFU0939F1ZU",
      name: "Sri Traders",
    });
    expect(profileBuyer({ businessBuyer: null })).toEqual({ gstin: "", name: "" });
    expect(profileBuyer(null)).toEqual({ gstin: "", name: "" });
  });
});
