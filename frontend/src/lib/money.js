// Money is formatted here and nowhere else: ₹ with Indian digit grouping and 2 decimals. The API
// sends money as JSON numbers; carts saved earlier hold numeric strings: both read the same.
const rupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function toNumber(value) {
  const number = typeof value === "number" ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}

/** "1234.5" → "₹1,234.50"; 123456.7 → "₹1,23,456.70". */
export function formatMoney(value) {
  return rupees.format(toNumber(value));
}

/** The wire format's two-decimal string: 1234.5 → "1234.50". Rounds half away from zero. */
export function toMoneyString(value) {
  const cents = Math.round((toNumber(value) + Number.EPSILON) * 100);
  return (cents / 100).toFixed(2);
}
