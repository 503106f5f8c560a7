// The message catalogs stay complete and in step with the code: every key in both languages with
// the same placeholders, every key the code asks for present, no key nobody uses; and, split by
// area (i18n/<language>/<area>.json), each key in one area, and every island and part loaded on
// demand adds the areas of the texts its code shows.
import { describe, expect, it } from "vitest";
import { AREAS } from "./areas";

const parts = (language) =>
  Object.fromEntries(
    Object.entries(import.meta.glob("./*/*.json", { import: "default", eager: true }))
      .filter(([path]) => path.startsWith(`./${language}/`))
      .map(([path, texts]) => [path.slice(language.length + 3, -".json".length), texts]),
  );
const enParts = parts("en");
const teParts = parts("te");
const en = Object.assign({}, ...Object.values(enParts));
const te = Object.assign({}, ...Object.values(teParts));

// Every source file but the tests, as text: a key counts as used when it appears as a quoted string.
// This folder's own files come as "./x.js": named "../i18n/x.js" like every other.
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob(["../**/*.{js,jsx}", "./*.js", "!../**/*.test.{js,jsx}", "!./*.test.js", "!../lib/testing/**"], {
      query: "?raw",
      import: "default",
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\.\//, "../i18n/"), text]),
);
// Comments do not count: a key named only in a comment is neither asked for nor used.
const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
const code = withoutComments(Object.values(sources).join("\n"));

const placeholders = (entry) => {
  const texts = typeof entry === "string" ? [entry] : Object.values(entry ?? {});
  return [...new Set(texts.flatMap((text) => text.match(/\{\w+\}/g) ?? []))].sort();
};
const shape = (entry) => (typeof entry === "string" ? "text" : Object.keys(entry).sort().join(","));

// The import graph of the sources: static imports, and import() for the parts loaded on demand.
function resolve(from, request) {
  const parts = from.split("/").slice(0, -1);
  for (const piece of request.split("/")) {
    if (piece === "..") parts.pop();
    else if (piece !== ".") parts.push(piece);
  }
  const path = parts.join("/");
  return [path, `${path}.js`, `${path}.jsx`].find((candidate) => candidate in sources);
}
const STATIC_IMPORT = /(?:\bimport\s[^;]*?from\s*|\bimport\s*)["'](\.[^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?["'](\.[^"']+)["']\s*\)/g;
function imports(file) {
  const text = withoutComments(sources[file]);
  const lazy = [...text.matchAll(DYNAMIC_IMPORT)].map((match) => resolve(file, match[1])).filter(Boolean);
  const eager = [...text.replace(DYNAMIC_IMPORT, "").matchAll(STATIC_IMPORT)].map((match) => resolve(file, match[1])).filter(Boolean);
  return { eager, lazy };
}
/** The files a root brings along at once, and the roots it loads on demand. */
function closure(root) {
  const files = new Set();
  const lazy = new Set();
  const stack = [root];
  while (stack.length) {
    const file = stack.pop();
    if (files.has(file)) continue;
    files.add(file);
    const found = imports(file);
    stack.push(...found.eager);
    found.lazy.forEach((target) => lazy.add(target));
  }
  return { files, lazy };
}
const areaFile = (name) => `../i18n/${name}.js`;
const keysUsedBy = (files) => {
  const text = withoutComments([...files].map((file) => sources[file]).join("\n"));
  return Object.keys(en).filter((key) => text.includes(`"${key}"`) || text.includes(`'${key}'`));
};

describe("message catalogs", () => {
  it("has every English key in Telugu, and no Telugu key English lacks, area by area", () => {
    expect(Object.keys(teParts).sort()).toEqual(Object.keys(enParts).sort());
    for (const area of Object.keys(enParts)) {
      const missing = Object.keys(enParts[area]).filter((key) => !(key in teParts[area]));
      const extra = Object.keys(teParts[area]).filter((key) => !(key in enParts[area]));
      expect(missing, `keys missing from te/${area}.json`).toEqual([]);
      expect(extra, `keys in te/${area}.json but not in en/${area}.json`).toEqual([]);
    }
  });

  it("has each key in one area, and every area in AREAS (i18n/areas.js)", () => {
    const count = Object.values(enParts).reduce((sum, texts) => sum + Object.keys(texts).length, 0);
    expect(count).toBe(Object.keys(en).length);
    expect(AREAS.map((area) => area.name).sort()).toEqual(Object.keys(enParts).sort());
    for (const area of AREAS) expect(area.en).toBe(enParts[area.name]);
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

  it("gives every island, and every part loaded on demand, the areas of the texts it shows", () => {
    const areaOf = Object.fromEntries(Object.entries(enParts).flatMap(([area, texts]) => Object.keys(texts).map((key) => [key, area])));
    // The chrome (on every page) adds its area in lib/i18n.js; an island adds its own, a lazy part its own.
    const lacking = [];
    const visit = (root, inherited) => {
      const { files, lazy } = closure(root);
      const added = new Set([...inherited, ...Object.keys(enParts).filter((area) => files.has(areaFile(area)))]);
      for (const key of keysUsedBy(files)) if (!added.has(areaOf[key])) lacking.push(`${root}: ${key} (${areaOf[key]})`);
      for (const target of lazy) visit(target, added);
    };
    const chrome = closure("../islands/chrome/index.jsx");
    const everywhere = Object.keys(enParts).filter((area) => chrome.files.has(areaFile(area)));
    expect(everywhere).toEqual(["chrome"]);
    const islands = Object.keys(sources).filter((file) => /^\.\.\/islands\/[^/]+\/index\.jsx$/.test(file));
    expect(islands.length).toBeGreaterThan(10);
    for (const island of islands) visit(island, everywhere);
    expect(lacking).toEqual([]);
  });
});
