import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getUserInfo, setUserInfo } from "../../lib/auth";
import { mockFetch, sentBody } from "../../lib/testing/mockFetch";
import * as navigation from "../../lib/navigation";
import YourData from "./YourData";

vi.mock("../../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), redirect: vi.fn() }));

const withdrawn = { offerSms: false, consents: [] };
const granted = { offerSms: true, consents: [] };

describe("Your data", () => {
  it("grants the offer SMS consent through the server and shows its answer", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch({ "GET /api/users/me/privacy": { body: withdrawn }, "PUT /api/users/me/privacy": { body: granted } });
    render(<YourData />);
    const box = await screen.findByLabelText("Send me offers by SMS");
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(box).toBeChecked());
    expect(sentBody(fetchMock, "PUT", "/api/users/me/privacy")).toEqual({ offerSms: true });
  });

  it("deletes the account with the password, says what happens and signs out", async () => {
    setUserInfo({ _id: "7", name: "Ravi", phoneNo: "9876543210", token: "jwt", expiresAt: new Date(Date.now() + 3600_000).toISOString() });
    const user = userEvent.setup();
    const message = "Your account is deleted. Your personal data will be erased within 24 hours.";
    const fetchMock = mockFetch({
      "GET /api/users/me/privacy": { body: withdrawn },
      "POST /api/users/me/delete": { body: { message } },
      "POST /api/users/logout": { status: 401, body: { message: "You have been signed out." } },
    });
    render(<YourData />);
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    await user.type(screen.getByLabelText("Your password"), "s3cret-pass");
    await user.click(screen.getByRole("button", { name: "Delete my account for good" }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sentBody(fetchMock, "POST", "/api/users/me/delete")).toEqual({ password: "s3cret-pass" });
    expect(getUserInfo()).toBeNull();
    // Home, signed out, where the confirmation shows (issue 45).
    expect(navigation.redirect).toHaveBeenCalledWith("/");
    expect(JSON.parse(sessionStorage.getItem("flash"))).toEqual({ variant: "success", text: message });
  });
});
