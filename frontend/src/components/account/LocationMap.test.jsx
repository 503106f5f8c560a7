import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import LocationMap from "./LocationMap";

const fakeMap = { setView: vi.fn(), remove: vi.fn() };
const fakeMarker = { addTo: vi.fn(() => fakeMarker), setLatLng: vi.fn() };
const fakeTiles = { addTo: vi.fn() };

vi.mock("../../lib/leaflet", () => ({
  L: {
    map: vi.fn(() => fakeMap),
    tileLayer: vi.fn(() => fakeTiles),
    marker: vi.fn(() => fakeMarker),
  },
  markerIcon: { icon: true },
  TILE_URL: "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  TILE_ATTRIBUTION: "OSM",
}));

beforeEach(() => vi.clearAllMocks());

describe("LocationMap", () => {
  it("draws a 400 px map at zoom 15 with a marker on the location", async () => {
    const { L } = await import("../../lib/leaflet");
    const { unmount } = render(<LocationMap latitude={16.578} longitude={82.006} />);
    const container = screen.getByTestId("location-map");
    expect(container).toHaveStyle({ height: "400px" });
    await waitFor(() => expect(fakeMap.setView).toHaveBeenCalledWith([16.578, 82.006], 15));
    expect(L.map).toHaveBeenCalledWith(container, expect.any(Object));
    expect(L.tileLayer).toHaveBeenCalledWith("https://tile.openstreetmap.org/{z}/{x}/{y}.png", expect.any(Object));
    expect(L.marker).toHaveBeenCalledWith([16.578, 82.006], expect.objectContaining({ icon: { icon: true } }));
    unmount();
    expect(fakeMap.remove).toHaveBeenCalled();
  });

  it("moves the view and the marker when the location changes, without a second map", async () => {
    const { L } = await import("../../lib/leaflet");
    const { rerender } = render(<LocationMap latitude={16.578} longitude={82.006} />);
    await waitFor(() => expect(fakeMap.setView).toHaveBeenCalledTimes(1));
    rerender(<LocationMap latitude={16.9} longitude={82.2} />);
    await waitFor(() => expect(fakeMarker.setLatLng).toHaveBeenLastCalledWith([16.9, 82.2]));
    expect(fakeMap.setView).toHaveBeenLastCalledWith([16.9, 82.2], 15);
    expect(L.map).toHaveBeenCalledTimes(1);
  });
});
