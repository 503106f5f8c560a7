import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { getUserInfo, setUserInfo } from "../lib/auth";
import { getLanguage, setLanguage } from "../lib/i18n";
import { adoptUserLanguage } from "../lib/language";
import { reload } from "../lib/navigation";
import { mockFetch, sentBody } from "../lib/testing/mockFetch";
import LanguageSwitch from "./LanguageSwitch";

vi.mock("../lib/navigation", async (importOriginal) => ({ ...(await importOriginal()), reload: vi.fn() }));

const signedIn = { _id: "1", name: "Ravi", phoneNo: "9000000002", token: "t1", language: "en" };

describe("LanguageSwitch", () => {
  it("offers English and తెలుగు, the shown one pressed", () => {
    render(<LanguageSwitch />);
    expect(screen.getByRole("group", { name: "Language" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "English" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "తెలుగు" })).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "తెలుగు" })).toHaveAttribute("lang", "te");
  });

  it("remembers a guest's choice in this browser only, then loads the page again", async () => {
    const fetchMock = mockFetch({});
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole("button", { name: "తెలుగు" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(getLanguage()).toBe("te");
    expect(localStorage.getItem("lang")).toBe("te");
    expect(document.cookie).toContain("django_language=te");
    expect(document.documentElement.lang).toBe("te");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole("group", { name: "భాష" })).toBeInTheDocument();
  });

  it("saves a signed-in customer's choice to the profile before loading the page again", async () => {
    setUserInfo(signedIn);
    const fetchMock = mockFetch({ "PUT /api/users/profile": { body: { ...signedIn, token: "t2", language: "te" } } });
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole("button", { name: "తెలుగు" }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toEqual({ language: "te" });
    expect(getUserInfo()).toMatchObject({ token: "t2", language: "te" });
  });

  it("does nothing when the shown language is pressed", async () => {
    const fetchMock = mockFetch({});
    render(<LanguageSwitch />);
    await userEvent.click(screen.getByRole("button", { name: "English" }));
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("adoptUserLanguage", () => {
  it("takes the profile's language on a browser where none was chosen", async () => {
    const fetchMock = mockFetch({});
    await adoptUserLanguage({ ...signedIn, language: "te" });
    expect(getLanguage()).toBe("te");
    expect(localStorage.getItem("lang")).toBe("te");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("gives the profile the language chosen on this browser", async () => {
    await setLanguage("te");
    setUserInfo(signedIn);
    const fetchMock = mockFetch({ "PUT /api/users/profile": { body: { ...signedIn, token: "t2", language: "te" } } });
    await adoptUserLanguage(signedIn);
    expect(getLanguage()).toBe("te");
    expect(sentBody(fetchMock, "PUT", "/api/users/profile")).toEqual({ language: "te" });
  });

  it("keeps the shown language when the answer has none", async () => {
    await adoptUserLanguage({ ...signedIn, language: undefined });
    expect(getLanguage()).toBe("en");
  });
});
