import { afterEach, describe, expect, it, vi } from "vitest";
import { checkDelivery, currentPosition, GEOLOCATION_OPTIONS, GeolocationUnsupportedError, isPermissionDenied } from "./geo";

function respond(body) {
  return vi.fn().mockResolvedValue({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify(body)) });
}

afterEach(() => vi.unstubAllGlobals());

describe("currentPosition", () => {
  it("asks for a fresh, high-accuracy position with a 10 s timeout", async () => {
    const getCurrentPosition = vi.fn((success) => success({ coords: { latitude: 16.57, longitude: 82.0 } }));
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition } });
    await expect(currentPosition()).resolves.toEqual({ latitude: 16.57, longitude: 82.0 });
    expect(getCurrentPosition.mock.calls[0][2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
    expect(GEOLOCATION_OPTIONS.maximumAge).toBe(0);
  });

  it("rejects when the browser has no geolocation", async () => {
    vi.stubGlobal("navigator", {});
    await expect(currentPosition()).rejects.toBeInstanceOf(GeolocationUnsupportedError);
  });

  it("passes the browser's error on, and tells a denial apart", async () => {
    const denied = { code: 1, message: "User denied Geolocation" };
    vi.stubGlobal("navigator", { geolocation: { getCurrentPosition: (_ok, fail) => fail(denied) } });
    const error = await currentPosition().catch((e) => e);
    expect(isPermissionDenied(error)).toBe(true);
    expect(isPermissionDenied({ code: 3 })).toBe(false);
  });
});

describe("checkDelivery", () => {
  it("checks a pincode", async () => {
    const fetchMock = respond({ pincode: "533201", deliverable: true });
    vi.stubGlobal("fetch", fetchMock);
    await checkDelivery({ pincode: " 533201 " });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/delivery/check?pincode=533201");
  });

  it("checks coordinates rounded to 6 decimals", async () => {
    const fetchMock = respond({ pincode: "533201", deliverable: true });
    vi.stubGlobal("fetch", fetchMock);
    await checkDelivery({ latitude: 16.578123456, longitude: 82.00612349 });
    expect(fetchMock.mock.calls[0][0]).toBe("/api/delivery/check?lat=16.578123&lng=82.006123");
  });
});
