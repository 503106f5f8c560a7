import { describe, expect, it } from "vitest";
import { isCompleteFullPhone, isValidOtp, isValidPhone, nationalNumber, onlyDigits, toFullPhone } from "./phone";

describe("phone numbers", () => {
  it("accepts exactly 10 digits and nothing else", () => {
    expect(isValidPhone("9876543210")).toBe(true);
    for (const bad of ["987654321", "98765432100", "98765 43210", "+919876543210", "98765-4321", "", null, undefined]) {
      expect(isValidPhone(bad)).toBe(false);
    }
  });

  it("the register value is 91 plus 10 digits, 12 characters", () => {
    expect(toFullPhone("98765 43210")).toBe("919876543210");
    expect(toFullPhone("98765432109999")).toBe("919876543210");
    // As a person types or pastes it (issue 45): spaces, dashes, +91 or a leading 0.
    for (const typed of ["98765-43210", "+91 98765 43210", "91 98765-43210", "098765 43210", " 98765  43210 "]) {
      expect(toFullPhone(typed)).toBe("919876543210");
    }
    expect(isCompleteFullPhone("919876543210")).toBe(true);
    expect(isCompleteFullPhone("91987654321")).toBe(false);
    expect(isCompleteFullPhone("929876543210")).toBe(false);
  });

  it("sends the number without the 91", () => {
    expect(nationalNumber("919876543210")).toBe("9876543210");
    expect(onlyDigits("+91 (98) 76")).toBe("919876");
  });

  it("an OTP is six digits", () => {
    expect(isValidOtp("123456")).toBe(true);
    expect(isValidOtp("12345")).toBe(false);
    expect(isValidOtp("12345a")).toBe(false);
  });
});
