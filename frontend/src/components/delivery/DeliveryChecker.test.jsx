import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/testing/mockFetch";
import DeliveryChecker from "./DeliveryChecker";
import { lookupForPlace, postalCodeOf } from "../../lib/googlePlaces";

const answers = {
  "GET /api/delivery/check?pincode=533201": {
    body: { pincode: "533201", state: "Andhra Pradesh", town: "Amalapuram", deliverable: true, message: "Happy to deliver to Amalapuram!" },
  },
  "GET /api/delivery/check?pincode=605001": {
    body: { pincode: "605001", state: "Puducherry", town: "Puducherry", deliverable: false, message: "Sorry, we do not deliver to this location yet." },
  },
  "GET /api/delivery/check?pincode=500001": {
    body: { pincode: "500001", state: "Telangana", town: "Hyderabad", deliverable: false, message: "We only deliver in Andhra Pradesh & Puducherry." },
  },
  "GET /api/delivery/check?pincode=000000": { status: 400, body: { message: "Please enter a valid 6-digit pincode." } },
  "GET /api/delivery/check?lat=16.578&lng=82.006": {
    body: { pincode: "533201", state: "Andhra Pradesh", town: "Amalapuram", deliverable: true, message: "Happy to deliver to Amalapuram!" },
  },
};

function stubGeolocation(behaviour) {
  vi.stubGlobal("navigator", { ...window.navigator, geolocation: { getCurrentPosition: vi.fn(behaviour) } });
}

afterEach(() => vi.unstubAllGlobals());

describe("DeliveryChecker", () => {
  it("shows the heading, the search box, OR and the location button", () => {
    render(<DeliveryChecker />);
    expect(screen.getByRole("heading", { name: "Where Would You Like Your Order Delivered?" })).toBeInTheDocument();
    expect(screen.getByPlaceholderText("Search a new address")).toBeInTheDocument();
    expect(screen.getByText("OR")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Use My Current Location" })).toBeInTheDocument();
  });

  it("a deliverable pincode: Great! Happy to deliver to {town}! and the town goes to the parent", async () => {
    mockFetch(answers);
    const onResult = vi.fn();
    const user = userEvent.setup();
    render(<DeliveryChecker onResult={onResult} />);
    await user.type(screen.getByPlaceholderText("Search a new address"), "533201");
    const box = await screen.findByRole("status");
    expect(box).toHaveTextContent("Great!");
    expect(box).toHaveTextContent("Happy to deliver to Amalapuram!");
    expect(onResult).toHaveBeenCalledWith("Amalapuram");
  });

  it("a town the shop delivers to in some pincodes only says which, under the answer (issue 45)", async () => {
    mockFetch({
      "GET /api/delivery/check?pincode=533005": {
        body: {
          pincode: "533005", state: "Andhra Pradesh", town: "Kakinada", deliverable: false,
          message: "Sorry, we do not deliver to this location yet.", area: "In Kakinada we deliver to pincode 533001.",
        },
      },
    });
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.type(screen.getByPlaceholderText("Search a new address"), "533005");
    const box = await screen.findByRole("alert");
    expect(box).toHaveTextContent("Sorry, we do not deliver to this location yet.");
    expect(within(box).getByText("In Kakinada we deliver to pincode 533001.")).toBeInTheDocument();
  });

  it("an earlier answer goes as soon as the shopper types again", async () => {
    mockFetch(answers);
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    const input = screen.getByPlaceholderText("Search a new address");
    await user.type(input, "533201");
    expect(await screen.findByRole("status")).toHaveTextContent("Happy to deliver to Amalapuram!");
    await user.type(input, "{Backspace}");
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    expect(screen.queryByText("Happy to deliver to Amalapuram!")).not.toBeInTheDocument();
  });

  it("outside the map or the states: Oops! with the server's message and the raw pincode to the parent", async () => {
    const fetchMock = mockFetch(answers);
    const onResult = vi.fn();
    const user = userEvent.setup();
    render(<DeliveryChecker onResult={onResult} />);
    const input = screen.getByPlaceholderText("Search a new address");
    await user.type(input, "605001");
    expect(await screen.findByRole("alert")).toHaveTextContent("Oops!Sorry, we do not deliver to this location yet.");
    expect(onResult).toHaveBeenLastCalledWith("605001");

    await user.clear(input);
    await user.type(input, "500001{Enter}");
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("We only deliver in Andhra Pradesh & Puducherry."));
    expect(onResult).toHaveBeenLastCalledWith("500001");
    // Typing the pincode checks it; Enter on the same pincode checks it again.
    expect(fetchMock.mock.calls.filter(([url]) => url.endsWith("500001"))).toHaveLength(2);
  });

  it("shows the server's reason for a pincode it cannot check", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(answers);
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.type(screen.getByPlaceholderText("Search a new address"), "000000");
    expect(await screen.findByRole("alert")).toHaveTextContent("Oops!Please enter a valid 6-digit pincode.");
  });

  describe("offline place search (no Maps key)", () => {
    const places = {
      "GET /api/delivery/places": ({ search }) => {
        const q = new URLSearchParams(search).get("q").toLowerCase();
        const all = [
          { name: "Amalapuram", pincode: "533201", district: "Konaseema", state: "Andhra Pradesh", label: "Amalapuram 533201" },
          { name: "Amalapuram Bus Complex", pincode: "533201", district: "Konaseema", state: "Andhra Pradesh", label: "Amalapuram Bus Complex 533201" },
          { name: "Yanam", pincode: "533464", district: "Yanam", state: "Puducherry", label: "Yanam 533464" },
        ];
        return { body: { places: all.filter((place) => place.name.toLowerCase().startsWith(q)) } };
      },
      "GET /api/delivery/check?pincode=533464": {
        body: { pincode: "533464", state: "Puducherry", town: "Yanam", deliverable: true, message: "Happy to deliver to Yanam!" },
      },
      ...answers,
    };

    it("suggests post-office places as the shopper types a town", async () => {
      const fetchMock = mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      const input = screen.getByRole("combobox", { name: "Search a new address" });
      await user.type(input, "Am");
      expect(screen.queryByRole("listbox", { name: "Places" })).toBeNull();
      await user.type(input, "al");
      const list = await screen.findByRole("listbox", { name: "Places" });
      expect([...list.querySelectorAll("[role=option] .delivery-checker__place-name")].map((option) => option.textContent)).toEqual([
        "Amalapuram 533201",
        "Amalapuram Bus Complex 533201",
      ]);
      expect(input).toHaveAttribute("aria-expanded", "true");
      // One request after the pause in typing, none for the first two letters.
      expect(fetchMock.mock.calls.filter(([url]) => url.startsWith("/api/delivery/places"))).toHaveLength(1);
    });

    it("picking a place with the mouse runs the same check as its pincode", async () => {
      mockFetch(places);
      const onResult = vi.fn();
      const user = userEvent.setup();
      render(<DeliveryChecker onResult={onResult} />);
      await user.type(screen.getByRole("combobox"), "Yanam");
      await user.click(await screen.findByRole("option", { name: /Yanam 533464/ }));
      expect(await screen.findByRole("status")).toHaveTextContent("Great!Happy to deliver to Yanam!");
      expect(onResult).toHaveBeenCalledWith("Yanam");
      expect(screen.getByRole("combobox")).toHaveValue("Yanam 533464");
      expect(screen.queryByRole("listbox", { name: "Places" })).toBeNull();
    });

    it("a pointer resting on a place does not choose it: Enter checks what was typed", async () => {
      mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      await user.type(screen.getByRole("combobox"), "Amalapuram");
      await user.hover(await screen.findByRole("option", { name: /Amalapuram Bus Complex/ }));
      expect(screen.getByRole("combobox")).not.toHaveAttribute("aria-activedescendant");
      await user.keyboard("{Enter}");
      expect(screen.getByRole("combobox")).toHaveValue("Amalapuram 533201");
    });

    it("moves through the places with the arrow keys, wrapping, and Enter picks one", async () => {
      const fetchMock = mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      const input = screen.getByRole("combobox");
      await user.type(input, "Amal");
      await screen.findByRole("listbox", { name: "Places" });
      await user.keyboard("{ArrowDown}");
      expect(screen.getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
      expect(input.getAttribute("aria-activedescendant")).toBe(screen.getAllByRole("option")[0].id);
      await user.keyboard("{ArrowDown}{ArrowDown}");
      expect(screen.getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
      await user.keyboard("{ArrowUp}");
      expect(screen.getAllByRole("option")[1]).toHaveAttribute("aria-selected", "true");
      await user.keyboard("{Enter}");
      expect(await screen.findByRole("status")).toHaveTextContent("Happy to deliver to Amalapuram!");
      expect(input).toHaveValue("Amalapuram Bus Complex 533201");
      expect(fetchMock.mock.calls.some(([url]) => url === "/api/delivery/check?pincode=533201")).toBe(true);
    });

    it("Enter straight after typing a town, before the suggestions arrive, still finds it", async () => {
      mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      await user.type(screen.getByRole("combobox"), "Yanam{Enter}");
      expect(await screen.findByRole("status")).toHaveTextContent("Happy to deliver to Yanam!");
    });

    it("Escape and an outside click close the list", async () => {
      mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      await user.type(screen.getByRole("combobox"), "Amal");
      await screen.findByRole("listbox", { name: "Places" });
      await user.keyboard("{Escape}");
      expect(screen.queryByRole("listbox", { name: "Places" })).toBeNull();
      await user.keyboard("{ArrowDown}");
      expect(screen.getByRole("listbox", { name: "Places" })).toBeInTheDocument();
      await user.click(screen.getByRole("heading"));
      expect(screen.queryByRole("listbox", { name: "Places" })).toBeNull();
    });

    it("Enter on a town picks the first place; on text that matches none it says so plainly", async () => {
      mockFetch(places);
      const user = userEvent.setup();
      render(<DeliveryChecker />);
      const input = screen.getByRole("combobox");
      await user.type(input, "Yanam");
      await screen.findByRole("option", { name: /Yanam 533464/ });
      await user.keyboard("{Enter}");
      expect(await screen.findByRole("status")).toHaveTextContent("Happy to deliver to Yanam!");

      await user.clear(input);
      await user.type(input, "Nowhere{Enter}");
      expect(await screen.findByRole("alert")).toHaveTextContent(
        'Oops!We could not find "Nowhere". Type a town, a locality or a 6-digit pincode.',
      );
      expect(screen.queryByText(/valid 6-digit pincode/)).toBeNull();
    });
  });

  it("Use My Current Location checks the browser's position", async () => {
    mockFetch(answers);
    stubGeolocation((ok) => ok({ coords: { latitude: 16.578, longitude: 82.006 } }));
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.click(screen.getByRole("button", { name: "Use My Current Location" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Happy to deliver to Amalapuram!");
    expect(navigator.geolocation.getCurrentPosition.mock.calls[0][2]).toMatchObject({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
  });

  it("alerts when location access is denied", async () => {
    const fetchMock = mockFetch(answers);
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    stubGeolocation((_ok, fail) => fail({ code: 1, message: "User denied Geolocation" }));
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.click(screen.getByRole("button", { name: "Use My Current Location" }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith("Please enable location access to use this feature."));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("alerts when the browser has no geolocation", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    vi.stubGlobal("navigator", { ...window.navigator, geolocation: undefined });
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.click(screen.getByRole("button", { name: "Use My Current Location" }));
    expect(alert).toHaveBeenCalledWith("Geolocation is not supported by this browser.");
  });

  it("only logs other geolocation failures", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    stubGeolocation((_ok, fail) => fail({ code: 3, message: "Timeout expired" }));
    const user = userEvent.setup();
    render(<DeliveryChecker />);
    await user.click(screen.getByRole("button", { name: "Use My Current Location" }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(alert).not.toHaveBeenCalled();
  });
});

describe("Google place → delivery lookup", () => {
  const latLng = { lat: () => 16.578, lng: () => 82.006 };

  it("uses the place's postal code", async () => {
    const place = { address_components: [{ types: ["postal_code"], long_name: "533201" }] };
    expect(postalCodeOf(place.address_components)).toBe("533201");
    await expect(lookupForPlace({}, place)).resolves.toEqual({ pincode: "533201" });
  });

  it("reverse-geocodes a place without one, trying each result until one has a postal code", async () => {
    const geocode = vi.fn().mockResolvedValue({
      results: [
        { address_components: [{ types: ["locality"], long_name: "Amalapuram" }] },
        { address_components: [{ types: ["postal_code"], long_name: "533201" }] },
      ],
    });
    const google = { maps: { Geocoder: vi.fn(() => ({ geocode })) } };
    await expect(lookupForPlace(google, { address_components: [], geometry: { location: latLng } })).resolves.toEqual({ pincode: "533201" });
    expect(geocode).toHaveBeenCalledWith({ location: latLng });
  });

  it("falls back to the coordinates when no result has a postal code", async () => {
    const google = { maps: { Geocoder: vi.fn(() => ({ geocode: vi.fn().mockResolvedValue({ results: [] }) })) } };
    await expect(lookupForPlace(google, { geometry: { location: latLng } })).resolves.toEqual({ latitude: 16.578, longitude: 82.006 });
  });
});
