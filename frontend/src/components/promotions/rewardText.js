// How rewards read on screen. The server decides every reward (promotions/rules.py); this only
// words what it answered.

/** "2026-11" → "November 2026". */
export function monthName(month) {
  const [year, number] = String(month ?? "").split("-").map(Number);
  if (!year || !number) return "";
  return new Date(Date.UTC(year, number - 1, 1)).toLocaleString("en-IN", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** "2 silver coins", "1 silver coin", "Free earphones", "Gold-coin draw coupon for November 2026". */
export function prizeText(reward) {
  if (reward.prize === "silver_coin") return `${reward.quantity} silver coin${reward.quantity === 1 ? "" : "s"}`;
  if (reward.prize === "earphones") return "Free earphones";
  if (reward.prize === "coupon") return `Gold-coin draw coupon for ${monthName(reward.month)}`;
  return reward.prizeLabel;
}

const STATUS_TEXT = {
  pending: "on delivery",
  confirmed: "earned",
  won: "won in the lucky draw",
  handed_over: "handed over",
};

export function statusText(reward) {
  return STATUS_TEXT[reward.status] ?? reward.statusLabel;
}
