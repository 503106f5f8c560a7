// Money is formatted here and nowhere else: ₹ with Indian digit grouping and 2 decimals. The API
// sends money as JSON numbers; carts saved earlier hold numeric strings: both read the same.
// Written out by hand rather than with Intl.NumberFormat("en-IN", {currency: "INR"}), which gives
// the same text (money.test.js compares them) but whose first use loads the locale's data: 30 ms
// of the main thread on every page, 120 ms on a phone, before the first card shows a price.

export function toNumber(value) {
  const number = typeof value === "number" ? value : Number.parseFloat(value);
  return Number.isFinite(number) ? number : 0;
}

// Whole paise, half away from zero, rounding the number as it is written (1.005 → 101, as the
// server's Decimal would), not its binary value (1.00499999...).
function toPaise(value) {
  const number = toNumber(value);
  const size = Math.abs(number);
  const paise = size < 1e-6 || size >= 1e21 ? Math.round(size * 100) : Math.round(Number(`${size}e2`));
  return number < 0 ? -paise : paise;
}

/** "1234.5" → "₹1,234.50"; 123456.7 → "₹1,23,456.70": the last three digits, then pairs. */
export function formatMoney(value) {
  const paise = toPaise(value);
  const [rupees, decimals] = (Math.abs(paise) / 100).toFixed(2).split(".");
  return `${paise < 0 ? "-" : ""}₹${rupees.replace(/\B(?=(\d\d)*\d{3}$)/g, ",")}.${decimals}`;
}

/** The wire format's two-decimal string: 1234.5 → "1234.50". Rounds half away from zero. */
export function toMoneyString(value) {
  return (toPaise(value) / 100).toFixed(2);
}
