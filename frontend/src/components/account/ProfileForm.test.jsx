import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getUserInfo, setUserInfo } from "../../lib/auth";
import { redirect } from "../../lib/navigation";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import { toast } from "../../lib/toast";
import ProfileForm, { addressFromLookup } from "./ProfileForm";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn() }));

vi.mock("./LocationMap", () => ({
  default: ({ latitude, longitude }) => <div data-testid="location-map" data-latitude={latitude} data-longitude={longitude} />,
}));

const expiresAt = new Date(Date.now() + 3600_000).toISOString();
const profile = {
  _id: "5", name: "Asha", phoneNo: "9876543210", isAdmin: false,
  deliveryAddress: { street: "12 Main Road", city: "Amalapuram", postalCode: "533201" },
  location: null,
};

function stubGeolocation(behaviour) {
  vi.stubGlobal("navigator", { ...window.navigator, geolocation: { getCurrentPosition: vi.fn(behaviour) } });
}

async function renderLoaded(routes = {}) {
  const fetchMock = mockFetch({ "GET /api/users/profile": { body: profile }, ...routes });
  const user = userEvent.setup();
  render(<ProfileForm />);
  await waitFor(() => expect(screen.getByLabelText("Street Address")).toHaveValue("12 Main Road"));
  return { user, fetchMock };
}

beforeEach(() => setUserInfo({ ...profile, token: "jwt", expiresAt }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(redirect).mockReset();
});

describe("ProfileForm after a 401 on /profile", () => {
  const TOKEN_ERROR = { message: "Given token not valid for any token type" };

  it("loading: clears the login info and goes to the login page, never showing the token error", async () => {
    document.body.dataset.gate = "signed-in";
    window.history.replaceState(null, "", "/profile");
    mockFetch({ "GET /api/users/profile": { status: 401, body: TOKEN_ERROR } });
    render(<ProfileForm />);
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("/login?redirect=/profile"));
    expect(getUserInfo()).toBeNull();
    expect(screen.queryByText(/token/i)).toBeNull();
    expect(screen.queryByText("Error loading address")).toBeNull();
  });

  it("saving: the same, with no toast of the server's words", async () => {
    document.body.dataset.gate = "signed-in";
    window.history.replaceState(null, "", "/profile");
    const error = vi.spyOn(toast, "error");
    const { user } = await renderLoaded({ "PUT /api/users/profile": { status: 401, body: TOKEN_ERROR } });
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith("/login?redirect=/profile"));
    expect(getUserInfo()).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });
});

describe("ProfileForm", () => {
  it("fills from the server with the phone read-only and no map without a location", async () => {
    await renderLoaded();
    expect(screen.getByRole("heading", { name: "User Profile" })).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Asha");
    expect(screen.getByLabelText("Phone Number")).toHaveValue("9876543210");
    expect(screen.getByLabelText("Phone Number")).toHaveAttribute("readonly");
    expect(screen.getByLabelText("City")).toHaveValue("Amalapuram");
    expect(screen.getByLabelText("Postal Code")).toHaveValue("533201");
    expect(screen.queryByTestId("location-map")).not.toBeInTheDocument();
  });

  it("keeps what the shopper typed before the profile arrived", async () => {
    let answer;
    vi.stubGlobal("fetch", vi.fn(() => new Promise((resolve) => { answer = resolve; })));
    const user = userEvent.setup();
    render(<ProfileForm />);
    await user.clear(screen.getByLabelText("Street Address"));
    await user.type(screen.getByLabelText("Street Address"), "4 Temple Street");

    answer({ ok: true, status: 200, text: () => Promise.resolve(JSON.stringify({ ...profile, name: "Asha Devi" })) });

    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue("Asha Devi"));
    expect(screen.getByLabelText("Street Address")).toHaveValue("4 Temple Street");
  });

  it("shows the saved location on a map", async () => {
    mockFetch({ "GET /api/users/profile": { body: { ...profile, location: { latitude: 16.578, longitude: 82.006 } } } });
    render(<ProfileForm />);
    const map = await screen.findByTestId("location-map");
    expect(map).toHaveAttribute("data-latitude", "16.578");
    expect(map).toHaveAttribute("data-longitude", "82.006");
  });

  it("says 'Error loading address' when the profile cannot be fetched, keeping the stored details", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({ "GET /api/users/profile": { status: 500, body: { message: "boom" } } });
    render(<ProfileForm />);
    expect(await screen.findByText("Error loading address")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveValue("Asha");
  });

  it("toggles the password fields", async () => {
    const { user } = await renderLoaded();
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.getByLabelText("New Password")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm New Password")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Hide Password Fields" }));
    expect(screen.queryByLabelText("New Password")).not.toBeInTheDocument();
  });

  it("updates the profile, stores the fresh login info and toasts", async () => {
    const success = vi.spyOn(toast, "success");
    const { user, fetchMock } = await renderLoaded({
      "PUT /api/users/profile": ({ body }) => ({ body: { ...profile, ...body, password: undefined, token: "fresh", expiresAt } }),
    });
    await user.clear(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText("Name"), "Asha Devi");
    await user.clear(screen.getByLabelText("Street Address"));
    await user.type(screen.getByLabelText("Street Address"), "4 Temple Street");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Profile updated successfully"));
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toEqual({
      name: "Asha Devi",
      phoneNo: "9876543210",
      deliveryAddress: { street: "4 Temple Street", city: "Amalapuram", postalCode: "533201" },
      location: null,
      password: "",
    });
    expect(getUserInfo()).toMatchObject({ name: "Asha Devi", token: "fresh" });
  });

  it("sends a new password only when both fields match", async () => {
    const error = vi.spyOn(toast, "error");
    const { user, fetchMock } = await renderLoaded({ "PUT /api/users/profile": { body: { ...profile, token: "fresh", expiresAt } } });
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    await user.type(screen.getByLabelText("New Password"), "new-pass-1");
    await user.type(screen.getByLabelText("Confirm New Password"), "new-pass-2");
    await user.type(screen.getByLabelText("Current Password"), "old-pass-0");
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(error).toHaveBeenCalledWith("Passwords do not match");
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toBeUndefined();

    await user.clear(screen.getByLabelText("Confirm New Password"));
    await user.type(screen.getByLabelText("Confirm New Password"), "new-pass-1");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() =>
      expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toMatchObject({ password: "new-pass-1", currentPassword: "old-pass-0" }),
    );
  });

  it("asks for the current password only once a new one is typed, and sends none without one", async () => {
    const { user, fetchMock } = await renderLoaded({ "PUT /api/users/profile": { body: { ...profile, token: "fresh", expiresAt } } });
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("New Password"), "n");
    expect(screen.getByLabelText("Current Password")).toHaveAttribute("autocomplete", "current-password");
    await user.clear(screen.getByLabelText("New Password"));
    expect(screen.queryByLabelText("Current Password")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toBeDefined());
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).not.toHaveProperty("currentPassword");
  });

  it("refuses a phone number that is not 10 digits", async () => {
    const fetchMock = mockFetch({ "GET /api/users/profile": { body: { ...profile, phoneNo: "98765" } } });
    const user = userEvent.setup();
    render(<ProfileForm />);
    await waitFor(() => expect(screen.getByLabelText("Phone Number")).toHaveValue("98765"));
    await user.click(screen.getByRole("button", { name: "Update" }));
    expect(screen.getByRole("alert")).toHaveTextContent("Please enter a valid 10-digit phone number.");
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toBeUndefined();
  });
});

describe("Use Current Location", () => {
  it("asks for a fresh precise position, looks it up offline and fills the address", async () => {
    const success = vi.spyOn(toast, "success");
    stubGeolocation((ok) => ok({ coords: { latitude: 16.5781234, longitude: 82.0061234 } }));
    const { user } = await renderLoaded({
      "GET /api/delivery/check?lat=16.578123&lng=82.006123": {
        body: { pincode: "533201", state: "Andhra Pradesh", town: "Amalapuram", deliverable: true, message: "Happy to deliver to Amalapuram!" },
      },
    });
    await user.clear(screen.getByLabelText("City"));
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));
    await waitFor(() => expect(success).toHaveBeenCalledWith("Address set to current location!"));
    expect(navigator.geolocation.getCurrentPosition.mock.calls[0][2]).toEqual({ enableHighAccuracy: true, timeout: 10000, maximumAge: 0 });
    expect(screen.getByLabelText("City")).toHaveValue("Amalapuram");
    expect(screen.getByLabelText("Postal Code")).toHaveValue("533201");
    expect(screen.getByLabelText("Street Address")).toHaveValue("12 Main Road");
    expect(screen.getByTestId("location-map")).toHaveAttribute("data-latitude", "16.578123");

    const putRoute = vi.fn(({ body }) => ({ body: { ...profile, ...body, token: "fresh", expiresAt } }));
    mockFetch({ "PUT /api/users/profile": putRoute });
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(putRoute).toHaveBeenCalled());
    expect(putRoute.mock.calls[0][0].body.location).toEqual({ latitude: 16.578123, longitude: 82.006123 });
  });

  it("keeps the spec's Unknown Street but marks the street and asks for house and street", async () => {
    stubGeolocation((ok) => ok({ coords: { latitude: 16.5781234, longitude: 82.0061234 } }));
    const { user } = await renderLoaded({
      "GET /api/delivery/check?lat=16.578123&lng=82.006123": {
        body: { pincode: "533201", state: "Andhra Pradesh", town: "Amalapuram", deliverable: true, message: "Happy to deliver to Amalapuram!" },
      },
    });
    const street = screen.getByLabelText("Street Address");
    expect(street).not.toHaveAttribute("aria-invalid");
    await user.clear(street);
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));

    await waitFor(() => expect(street).toHaveValue("Unknown Street"));
    expect(street).toHaveAttribute("aria-invalid", "true");
    expect(street).toHaveAccessibleDescription("Please type your house number and street.");
    await waitFor(() => expect(street).toHaveFocus());
    await user.keyboard("4-12 Gandhi Road");
    expect(street).toHaveValue("4-12 Gandhi Road");
    expect(street).not.toHaveAttribute("aria-invalid");
    expect(screen.queryByText("Please type your house number and street.")).toBeNull();
  });

  it("tells when the browser has no geolocation", async () => {
    const error = vi.spyOn(toast, "error");
    vi.stubGlobal("navigator", { ...window.navigator, geolocation: undefined });
    const { user } = await renderLoaded();
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));
    expect(error).toHaveBeenCalledWith("Geolocation is not supported by your browser.");
  });

  it("tells when the position cannot be had", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const error = vi.spyOn(toast, "error");
    stubGeolocation((_ok, fail) => fail({ code: 3, message: "Timeout expired" }));
    const { user } = await renderLoaded();
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("Could not retrieve your current location."));
  });

  it("tells when no pincode is near, and when the lookup fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const error = vi.spyOn(toast, "error");
    stubGeolocation((ok) => ok({ coords: { latitude: 10, longitude: 70 } }));
    const { user } = await renderLoaded({
      "GET /api/delivery/check?lat=10&lng=70": { status: 400, body: { message: "We could not find a pincode near this location." } },
    });
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("No results found for your current location."));

    mockFetch({ "GET /api/delivery/check?lat=10&lng=70": { status: 503, body: { message: "Service unavailable" } } });
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith("Could not fetch address for your current location."));
    expect(screen.getByLabelText("Postal Code")).toHaveValue("533201");
  });

  it("falls back to Unknown Street, Unknown City and Unknown Postal Code", () => {
    expect(addressFromLookup({}, { street: "  " })).toEqual({
      street: "Unknown Street", city: "Unknown City", postalCode: "Unknown Postal Code",
    });
    expect(addressFromLookup({ pincode: "533001", state: "Andhra Pradesh", town: "" }, { street: "" })).toEqual({
      street: "Unknown Street", city: "Andhra Pradesh", postalCode: "533001",
    });
  });

  it("keeps the typed street only in the pincode it was typed for (or with none yet)", () => {
    const typed = { street: "12 Main Road", city: "Amalapuram", postalCode: "533201" };
    expect(addressFromLookup({ pincode: "533201", town: "Amalapuram" }, typed).street).toBe("12 Main Road");
    // Typed before any pincode: the location completes it.
    expect(addressFromLookup({ pincode: "533201" }, { street: "4 Temple Street", postalCode: "" }).street).toBe("4 Temple Street");
    expect(addressFromLookup({ pincode: "533005", town: "Kakinada" }, typed)).toEqual({
      street: "Unknown Street", city: "Kakinada", postalCode: "533005",
    });
  });

  it("moved to another pincode, fills town and pincode, asks for the street and says where the shop delivers", async () => {
    // Issue 45: in Kakinada the location found 533005, which the delivery map does not hold (its
    // Kakinada is 533001): the old street went with the new pincode and shipping refused later.
    stubGeolocation((ok) => ok({ coords: { latitude: 16.99, longitude: 82.24 } }));
    const { user } = await renderLoaded({
      "GET /api/delivery/check?lat=16.99&lng=82.24": {
        body: {
          pincode: "533005", state: "Andhra Pradesh", town: "Kakinada", deliverable: false,
          message: "Sorry, we do not deliver to this location yet.", area: "In Kakinada we deliver to pincode 533001.",
        },
      },
    });
    expect(screen.getByLabelText("Street Address")).toHaveValue("12 Main Road");
    await user.click(screen.getByRole("button", { name: "Use Current Location" }));

    await waitFor(() => expect(screen.getByLabelText("Postal Code")).toHaveValue("533005"));
    expect(screen.getByLabelText("City")).toHaveValue("Kakinada");
    const street = screen.getByLabelText("Street Address");
    expect(street).toHaveValue("Unknown Street");
    expect(street).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("Sorry, we do not deliver to this location yet. In Kakinada we deliver to pincode 533001.")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Postal Code"));
    expect(screen.queryByText(/In Kakinada we deliver/)).toBeNull();
  });
});

describe("ProfileForm's business (issue 43)", () => {
  const business = { gstin: "37AAPFU0939F1ZU", name: "Sri Lakshmi Caterers", stateCode: "37" };

  async function renderWithBusiness(routes = {}, kept = null) {
    const fetchMock = mockFetch({ "GET /api/users/profile": { body: { ...profile, businessBuyer: kept } }, ...routes });
    const user = userEvent.setup();
    render(<ProfileForm withBusiness />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    return { user, fetchMock };
  }

  it("is not on the account drawer's form, which sends none of it", async () => {
    const { user, fetchMock } = await renderLoaded({ "PUT /api/users/profile": { body: { ...profile, token: "fresh", expiresAt } } });
    expect(screen.queryByLabelText("GSTIN")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toBeDefined());
    const sent = sentBody(fetchMock, "PUT", "/api/users/profile");
    expect(sent).not.toHaveProperty("buyerGstin");
    expect(sent).not.toHaveProperty("buyerName");
  });

  it("shows the kept business and sends what the shopper types; the answer is stored for checkout", async () => {
    const { user, fetchMock } = await renderWithBusiness(
      {
        "PUT /api/users/profile": ({ body }) => ({
          body: { ...profile, businessBuyer: { gstin: body.buyerGstin, name: body.buyerName, stateCode: "37" }, token: "fresh", expiresAt },
        }),
      },
      business,
    );
    expect(screen.getByRole("group", { name: "GST invoices for a business" })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("GSTIN")).toHaveValue("37AAPFU0939F1ZU"));
    await user.clear(screen.getByLabelText("Business's legal name"));
    await user.type(screen.getByLabelText("Business's legal name"), "Lakshmi Foods");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(getUserInfo()?.businessBuyer?.name).toBe("Lakshmi Foods"));
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toMatchObject({ buyerGstin: "37AAPFU0939F1ZU", buyerName: "Lakshmi Foods" });
  });

  it("shows the server's refusal of a wrong check character", async () => {
    const error = vi.spyOn(toast, "error");
    const refusal = "This GSTIN's last character does not match: check it for a typing slip.";
    const { user } = await renderWithBusiness({ "PUT /api/users/profile": { status: 400, body: { message: refusal, code: "gstin_check" } } });
    await user.type(screen.getByLabelText("GSTIN"), "37AAPFU0939F1ZV");
    await user.type(screen.getByLabelText("Business's legal name"), "Sri Lakshmi Caterers");
    await user.click(screen.getByRole("button", { name: "Update" }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(refusal));
  });
});
