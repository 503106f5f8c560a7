import { act, renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useDropdown } from "./dropdowns";

describe("header pop-ups", () => {
  it("opening one closes the other", () => {
    const { result } = renderHook(() => ({ account: useDropdown("account"), search: useDropdown("search") }));
    act(() => result.current.account[1]());
    expect(result.current.account[0]).toBe(true);
    act(() => result.current.search[1]());
    expect(result.current.account[0]).toBe(false);
    expect(result.current.search[0]).toBe(true);
    act(() => result.current.search[3]());
    expect(result.current.search[0]).toBe(false);
  });
});
