// A pack's label, the one way the islands write it (issue 40: `500 g` was rebuilt in about eight
// islands). The server's twin is catalog/labels.py; packLabel.test.js holds the islands to these.

/** "5 kg", "500 g": a pack or a cart/order line (`quantity`), or a ticket's line (`packSize`: its
 * `quantity` is how many packs were reported, so the pack's size goes first). */
export function packLabel(pack) {
  return `${pack?.packSize ?? pack?.quantity ?? ""} ${pack?.units ?? ""}`.trim();
}

/** "Aashirvaad Atta 5 kg": the brand, `name` (the product's name in the reader's language), the pack. */
export function namedPackLabel(pack, name = pack?.name) {
  return [pack?.brand, name, packLabel(pack)].filter(Boolean).join(" ");
}
