// How rewards read on screen. The server decides every reward (promotions/rules.py); this only
// words what it answered.
import { formatMonth } from "../../lib/dates";
import { t } from "../../lib/i18n";
import { formatMoney, toNumber } from "../../lib/money";

/** "2026-11" → "November 2026" (in Telugu "నవంబర్ 2026"). */
export function monthName(month) {
  return month ? formatMonth(month) : "";
}

/**
 * How much more earns a reward, as a shopper reads it: whole rupees, rounded up ("₹1,800" for
 * 1799.51), the paisa that "above ₹3,000" adds dropped ("₹3,000" for 3000.01), never "₹0" while
 * something is still due.
 */
export function amountStillDue(value) {
  const paise = Math.round(toNumber(value) * 100);
  const rupees = paise > 0 ? Math.max(Math.ceil((paise - 1) / 100), 1) : 0;
  return formatMoney(rupees).slice(0, -3);
}

/** "2 silver coins", "1 silver coin", "Free earphones", "Gold-coin draw coupon for November 2026". */
export function prizeText(reward) {
  if (reward.prize === "silver_coin") return t("rewards.silverCoins", { count: reward.quantity });
  if (reward.prize === "earphones") return t("rewards.earphones");
  if (reward.prize === "coupon") return t("rewards.coupon", { month: monthName(reward.month) });
  return reward.prizeLabel;
}

const STATUS_TEXT = {
  pending: "rewards.status.pending",
  confirmed: "rewards.status.confirmed",
  won: "rewards.status.won",
  handed_over: "rewards.status.handedOver",
};

export function statusText(reward) {
  return STATUS_TEXT[reward.status] ? t(STATUS_TEXT[reward.status]) : reward.statusLabel;
}
