import { render, renderHook, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getUserInfo, setUserInfo } from "./auth";
import { addToCart, getCart } from "./cart";
import { redirect } from "./navigation";
import { mockFetch } from "./testing/mockFetch";
import { useApi } from "./useApi";

vi.mock("./navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn() }));

const signIn = () =>
  setUserInfo({ _id: "5", name: "Asha", phoneNo: "9000000002", token: "tok", expiresAt: new Date(Date.now() + 3600_000).toISOString() });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirect).mockReset();
});

describe("useApi", () => {
  it("loads, then gives the data and the paging headers", async () => {
    mockFetch({ "GET /api/x": { body: [1, 2], headers: { "X-Total-Count": "2" } } });
    const { result } = renderHook(() => useApi("/api/x"));
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data).toEqual([1, 2]);
    expect(result.current.headers.get("X-Total-Count")).toBe("2");
    expect(result.current.error).toBe("");
  });

  it("never shows an older request's answer for a newer one, and cancels it", async () => {
    let releaseSlow;
    const fetchMock = mockFetch({
      "GET /api/slow": () => new Promise((resolve) => (releaseSlow = () => resolve({ body: "slow" }))),
      "GET /api/fast": { body: "fast" },
    });
    const { result, rerender } = renderHook(({ path }) => useApi(path), { initialProps: { path: "/api/slow" } });
    rerender({ path: "/api/fast" });
    await waitFor(() => expect(result.current.data).toBe("fast"));
    expect(fetchMock.mock.calls[0][1].signal.aborted).toBe(true);
    releaseSlow();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current.data).toBe("fast");
  });

  it("cancels the request when the component goes away", async () => {
    const fetchMock = mockFetch({ "GET /api/x": () => new Promise(() => {}) });
    const { unmount } = renderHook(() => useApi("/api/x"));
    unmount();
    expect(fetchMock.mock.calls[0][1].signal.aborted).toBe(true);
  });

  it("turns a framework's error text into a plain sentence", async () => {
    mockFetch({ "GET /api/x": { status: 403, body: { message: "You do not have permission to perform this action." } } });
    const { result } = renderHook(() => useApi("/api/x"));
    await waitFor(() => expect(result.current.error).toBe("You are not allowed to do this."));
    expect(result.current.status).toBe(403);
  });

  it("a 401 on a signed-in page clears login info and cart, then goes to the login page, showing no error", async () => {
    document.body.dataset.gate = "signed-in";
    window.history.replaceState(null, "", "/profile");
    signIn();
    addToCart({ productId: "1", brand: "B", quantity: "1", dprice: "10.00" });
    mockFetch({ "GET /api/users/profile": { status: 401, body: { message: "Given token not valid for any token type" } } });
    function Profile() {
      const { loading, error } = useApi("/api/users/profile");
      return <p>{loading ? "loading" : error || "done"}</p>;
    }
    render(
      <>
        <Profile />
        <Profile />
      </>,
    );
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("/login?redirect=/profile"));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(redirect).toHaveBeenCalledTimes(1); // two failed calls, one redirect
    expect(getUserInfo()).toBeNull();
    expect(getCart().cartItems).toEqual([]);
    expect(screen.getAllByText("loading")).toHaveLength(2);
    expect(screen.queryByText(/token/)).toBeNull();
    window.history.replaceState(null, "", "/");
  });

  it("a 401 on a public page only ends the session", async () => {
    signIn();
    mockFetch({ "GET /api/x": { status: 401, body: { message: "Given token not valid for any token type" } } });
    const { result } = renderHook(() => useApi("/api/x"));
    await waitFor(() => expect(result.current.error).toBe("Your session has ended. Please sign in again."));
    expect(getUserInfo()).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it("reload keeps the shown data until the fresh answer arrives", async () => {
    let count = 0;
    mockFetch({ "GET /api/x": () => ({ body: ++count }) });
    const { result } = renderHook(() => useApi("/api/x"));
    await waitFor(() => expect(result.current.data).toBe(1));
    result.current.reload();
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(result.current.loading).toBe(false);
  });
});
