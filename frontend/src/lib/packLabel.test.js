import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { namedPackLabel, packLabel } from "./packLabel";

const SRC = join(__dirname, "..");
const OWNER = "lib/packLabel.js";
// A size written next to its units: `${pack.quantity} ${pack.units}` or JSX `{line.packSize} {line.units}`.
const SECOND_WRITER = /(quantity|packSize)\}?\s*\$?\{\s*[\w.?]*units\b/;

function sources(folder) {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(js|jsx)$/.test(name) && !/\.test\.(js|jsx)$/.test(name) ? [path] : [];
  });
}

export function labelWriters(text) {
  return text.split("\n").flatMap((line, index) => (SECOND_WRITER.test(line) ? [`line ${index + 1}: ${line.trim()}`] : []));
}

describe("a pack's label", () => {
  it("is a pack's size and units, or a ticket line's", () => {
    expect(packLabel({ quantity: "1.5", units: "kg" })).toBe("1.5 kg");
    expect(packLabel({ packSize: "500", units: "g" })).toBe("500 g");
    // A ticket line also says how many packs were reported (`quantity`): the label is the pack's size.
    expect(packLabel({ packSize: "100", quantity: 1, units: "g" })).toBe("100 g");
    expect(packLabel({})).toBe("");
  });

  it("names the brand and the product before the pack, in the name given", () => {
    const line = { brand: "Aashirvaad", name: "Atta", quantity: "5", units: "kg" };
    expect(namedPackLabel(line)).toBe("Aashirvaad Atta 5 kg");
    expect(namedPackLabel(line, "ఆటా")).toBe("Aashirvaad ఆటా 5 kg");
    expect(namedPackLabel({ ...line, brand: "" })).toBe("Atta 5 kg");
  });

  it("is written by lib/packLabel.js only: no island or component writes a size beside its units", () => {
    const offenders = {};
    for (const path of sources(SRC)) {
      const name = relative(SRC, path).split("\\").join("/");
      const found = labelWriters(readFileSync(path, "utf8"));
      if (name !== OWNER && found.length) offenders[name] = found;
    }
    expect(offenders).toEqual({});
  });

  it("catches each way the islands wrote it before", () => {
    for (const text of [
      "const title = `${alert.brand} ${localName(alert).primary} ${alert.quantity} ${alert.units}`;",
      "{line.brand} {line.name} {line.packSize} {line.units}",
      "{pack.quantity} {pack.units}",
      "return `${item.quantity} ${item.units}`.trim();",
      '<span className="cart-line__pack">{line.quantity} {line.units}</span>',
    ]) {
      expect(labelWriters(text)).not.toEqual([]);
    }
    expect(labelWriters("const sizeValue = (pack) => `${pack.quantity}|${pack.units}`;")).toEqual([]);
  });
});
