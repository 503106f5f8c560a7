import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { useSubmit } from "./useSubmit";

describe("useSubmit", () => {
  it("runs one submit at a time and is busy meanwhile", async () => {
    let finish;
    const action = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { result } = renderHook(() => useSubmit(action));
    let first;
    act(() => {
      first = result.current.submit("a");
    });
    expect(result.current.busy).toBe(true);
    await act(async () => expect(await result.current.submit("b")).toEqual({ ok: false, skipped: true }));
    await act(async () => {
      finish(7);
      expect(await first).toEqual({ ok: true, value: 7 });
    });
    expect(action).toHaveBeenCalledTimes(1);
    expect(result.current.busy).toBe(false);
  });

  it("shows a failure as the spec's text or a plain sentence, through onError when given", async () => {
    const failing = () => Promise.reject(new ApiError(401, "Given token not valid for any token type", { message: "Given token not valid for any token type" }, { sentToken: true }));
    const { result } = renderHook(() => useSubmit(failing));
    await act(() => result.current.submit());
    expect(result.current.error).toBe("Your session has ended. Please sign in again.");
    const onError = vi.fn();
    const { result: toasted } = renderHook(() => useSubmit(() => Promise.reject(new ApiError(400, "Passwords do not match", { message: "Passwords do not match" })), { onError }));
    await act(() => toasted.current.submit());
    expect(onError).toHaveBeenCalledWith("Passwords do not match", expect.any(ApiError));
    expect(toasted.current.error).toBe("");
  });

  it("stays busy and silent while the 401 rule leaves the page", async () => {
    const error = new ApiError(401, "x", null, { sentToken: true });
    error.leaving = true;
    const onError = vi.fn();
    const { result } = renderHook(() => useSubmit(() => Promise.reject(error), { onError }));
    await act(() => result.current.submit());
    expect(result.current.busy).toBe(true);
    expect(onError).not.toHaveBeenCalled();
  });
});
