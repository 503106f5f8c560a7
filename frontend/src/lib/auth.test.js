import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api, ApiError } from "./api";
import { getUserInfo, handleUnauthorized, isExpired, logout, setUserInfo } from "./auth";
import { addToCart, getCart, savePaymentMethod, saveShippingAddress } from "./cart";

const future = new Date(Date.now() + 3600_000).toISOString();
const info = { _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false, token: "tok", expiresAt: future };

function respond(status, body) {
  return vi.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    statusText: "status text",
    text: () => Promise.resolve(body === undefined ? "" : JSON.stringify(body)),
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("session", () => {
  it("treats an expired login as logged out", () => {
    setUserInfo({ ...info, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(getUserInfo()).toBeNull();
    expect(isExpired({ expiresAt: future })).toBe(false);
  });

  it("a 401 clears login info, cart and shipping address", () => {
    setUserInfo(info);
    addToCart({ productId: "1", brand: "B", quantity: "1", dprice: "10.00" });
    saveShippingAddress({ street: "s", city: "c", postalCode: "533201" });
    handleUnauthorized();
    expect(getUserInfo()).toBeNull();
    expect(getCart().cartItems).toEqual([]);
    expect(getCart().shippingAddress).toEqual({});
  });

  it("logout calls the endpoint with the token and clears the login info", async () => {
    setUserInfo(info);
    const fetchMock = respond(200, { message: "ok" });
    vi.stubGlobal("fetch", fetchMock);
    await logout({ redirectTo: null });
    expect(fetchMock).toHaveBeenCalledWith("/api/users/logout", expect.objectContaining({ method: "POST" }));
    expect(fetchMock.mock.calls[0][1].headers.Authorization).toBe("Bearer tok");
    expect(getUserInfo()).toBeNull();
  });

  it("logout forgets the shipping address and payment choice for the next person; the packs stay", async () => {
    setUserInfo(info);
    addToCart({ productId: "1", brand: "B", quantity: "1", dprice: "10.00" });
    saveShippingAddress({ street: "12-4 Gandhi Nagar", city: "Amalapuram", postalCode: "533201" });
    savePaymentMethod("Cash Or UPI");
    vi.stubGlobal("fetch", respond(200, { message: "ok" }));
    await logout({ redirectTo: null });
    expect(getCart().cartItems).toHaveLength(1);
    expect(getCart().shippingAddress).toEqual({});
    expect(getCart().paymentMethod).toBe("");
    expect(localStorage.getItem("shippingAddress")).toBe("{}");
    expect(localStorage.getItem("cart")).not.toContain("Gandhi Nagar");
  });
});

describe("api", () => {
  it("sends JSON and the Bearer token", async () => {
    setUserInfo(info);
    const fetchMock = respond(200, { ok: true });
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/api/x", { method: "POST", body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, options] = fetchMock.mock.calls[0];
    expect(options.headers.Authorization).toBe("Bearer tok");
    expect(options.headers["Content-Type"]).toBe("application/json");
    expect(options.body).toBe('{"a":1}');
  });

  it("throws ApiError with the server message", async () => {
    vi.stubGlobal("fetch", respond(409, { message: "Out of stock" }));
    const error = await api("/api/orders").catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(409);
    expect(error.message).toBe("Out of stock");
  });

  it("a 401 on a signed-in call ends the session", async () => {
    setUserInfo(info);
    vi.stubGlobal("fetch", respond(401, { message: "Token is invalid" }));
    await api("/api/users/profile").catch(() => {});
    expect(getUserInfo()).toBeNull();
  });
});
