// How the order screens name a pack. Dates are lib/dates.js's.

export function packLabel(item) {
  return `${item.quantity} ${item.units}`.trim();
}
