// The message catalogs stay complete and in step with the code: every key in both languages with
// the same placeholders, every key the code asks for present, no key nobody uses.
import { describe, expect, it } from "vitest";
import en from "./en.json";
import te from "./te.json";

// Every source file but the tests, as text: a key counts as used when it appears as a quoted string.
const sources = import.meta.glob(["../**/*.{js,jsx}", "!../**/*.test.{js,jsx}", "!../lib/testing/**"], {
  query: "?raw",
  import: "default",
  eager: true,
});
// Comments do not count: a key named only in a comment is neither asked for nor used.
const code = Object.values(sources)
  .join("\n")
  .replace(/\/\*[\s\S]*?\*\//g, "")
  .replace(/^\s*\/\/.*$/gm, "");

const placeholders = (entry) => {
  const texts = typeof entry === "string" ? [entry] : Object.values(entry ?? {});
  return [...new Set(texts.flatMap((text) => text.match(/\{\w+\}/g) ?? []))].sort();
};
const shape = (entry) => (typeof entry === "string" ? "text" : Object.keys(entry).sort().join(","));

describe("message catalogs", () => {
  it("has every English key in Telugu, and no Telugu key English lacks", () => {
    const missing = Object.keys(en).filter((key) => !(key in te));
    const extra = Object.keys(te).filter((key) => !(key in en));
    expect(missing, "keys missing from te.json").toEqual([]);
    expect(extra, "keys in te.json but not in en.json").toEqual([]);
  });

  it("gives each Telugu text the English text's placeholders and plural forms", () => {
    const differ = Object.keys(en).filter(
      (key) => key in te && (shape(en[key]) !== shape(te[key]) || placeholders(en[key]).join() !== placeholders(te[key]).join()),
    );
    expect(differ).toEqual([]);
  });

  it("has no empty text", () => {
    const texts = (catalog) =>
      Object.entries(catalog).flatMap(([key, entry]) => (typeof entry === "string" ? [[key, entry]] : Object.entries(entry).map(([form, text]) => [`${key}.${form}`, text])));
    const empty = [...texts(en), ...texts(te)].filter(([, text]) => typeof text !== "string" || !text.trim()).map(([key]) => key);
    expect(empty).toEqual([]);
  });

  it("has every key the code asks t() for", () => {
    const asked = [...code.matchAll(/\bt\(\s*["']([^"']+)["']/g)].map((match) => match[1]);
    expect(asked.length).toBeGreaterThan(0);
    expect([...new Set(asked.filter((key) => !(key in en)))]).toEqual([]);
  });

  it("has no key the code never names", () => {
    const unused = Object.keys(en).filter((key) => !code.includes(`"${key}"`) && !code.includes(`'${key}'`));
    expect(unused).toEqual([]);
  });
});
