import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import en from "../i18n/en/chrome.json";
import te from "../i18n/te/chrome.json";
import { getLanguage, loadTexts, localName, setLanguage, t, useLanguage, useT, whenTextsReady } from "./i18n";

function Probe() {
  const translate = useT();
  return (
    <p>
      {useLanguage()}: {translate("common.loading")}
    </p>
  );
}

describe("i18n", () => {
  it("speaks English by default", () => {
    expect(getLanguage()).toBe("en");
    expect(t("common.loading")).toBe(en["common.loading"]);
  });

  it("remembers a choice in the cookie, local storage and <html lang>", async () => {
    await setLanguage("te");
    expect(document.cookie).toMatch(/(^|; )django_language=te(;|$)/);
    expect(localStorage.getItem("lang")).toBe("te");
    expect(document.documentElement.lang).toBe("te");
    expect(t("common.loading")).toBe(te["common.loading"]);
  });

  it("ignores a language it does not have", async () => {
    await setLanguage("fr");
    expect(getLanguage()).toBe("en");
    expect(localStorage.getItem("lang")).toBeNull();
  });

  it("re-renders components when the language changes", async () => {
    render(<Probe />);
    expect(screen.getByText(`en: ${en["common.loading"]}`)).toBeInTheDocument();
    await act(() => setLanguage("te"));
    expect(screen.getByText(`te: ${te["common.loading"]}`)).toBeInTheDocument();
  });

  it("waits for the chosen catalog before running a mount, and not at all in English", async () => {
    const order = [];
    whenTextsReady([], () => order.push("en"));
    expect(order).toEqual(["en"]);
    const loaded = setLanguage("te");
    whenTextsReady([], () => order.push(t("common.loading")));
    expect(order).toEqual(["en"]);
    await loaded;
    await Promise.resolve();
    expect(order).toEqual(["en", te["common.loading"]]);
  });

  it("adds an area's texts: English at once, the chosen language's fetched before the mount runs", async () => {
    const area = { name: "test-area", en: { "test.hello": "Hello" }, load: { te: async () => ({ default: { "test.hello": "నమస్తే" } }) } };
    await setLanguage("te");
    expect(t("test.hello")).toBe("test.hello");
    let shown = null;
    whenTextsReady([area], () => (shown = t("test.hello")));
    expect(shown).toBeNull();
    await loadTexts([area]);
    await Promise.resolve();
    expect(shown).toBe("నమస్తే");
    await setLanguage("en");
    expect(t("test.hello")).toBe("Hello");
  });

  it("fills placeholders, and falls back to the key for a text no catalog has", () => {
    expect(t("no.such.key", { n: 1 })).toBe("no.such.key");
  });

  it("names a product in Telugu with the English name beside it, English when there is no Telugu name", () => {
    const rice = { name: "Sona Masoori Rice", nameTe: "సోనా మసూరి బియ్యం" };
    expect(localName(rice, "en")).toEqual({ primary: "Sona Masoori Rice", secondary: null });
    expect(localName(rice, "te")).toEqual({ primary: "సోనా మసూరి బియ్యం", secondary: "Sona Masoori Rice" });
    expect(localName({ name: "Salt", nameTe: " " }, "te")).toEqual({ primary: "Salt", secondary: null });
    expect(localName({ name: "Salt" }, "te")).toEqual({ primary: "Salt", secondary: null });
  });
});
