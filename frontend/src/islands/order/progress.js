// Order tracking (spec section 4 "Order progress"): placed → packed → dispatched → delivered, with
// paid as a separate flag that still moves the progress bar.
import { t } from "../../lib/i18n";

// The steps' messages are catalog keys (lib/i18n.js).
export const TRACKING_STEPS = [
  { key: "placed", message: "tracking.placed", at: "createdAt" },
  { key: "packed", message: "tracking.packed", flag: "isPacked", at: "packedAt" },
  { key: "dispatched", message: "tracking.dispatched", flag: "isDispatched", at: "dispatchedAt" },
  { key: "delivered", message: "tracking.delivered", flag: "isDelivered", at: "deliveredAt" },
];

/** Progress bar fill in percent: 25 placed, 50 paid, 65 packed, 85 dispatched, 100 delivered. */
export function orderProgress(order) {
  if (order.isDelivered) return 100;
  if (order.isDispatched) return 85;
  if (order.isPacked) return 65;
  if (order.isPaid) return 50;
  return 25;
}

export const ORDER_CANCELLED = "tracking.cancelled";

/** True once staff cancelled the order (the server's status, contracts §2). */
export function isCancelled(order) {
  return order.status === "cancelled" || Boolean(order.isCancelled);
}

/**
 * The four timeline steps, each with whether it has happened and when. A cancelled order shows
 * the steps it reached, then the cancellation with its reason, instead of the steps to come.
 */
export function trackingSteps(order) {
  const steps = TRACKING_STEPS.map((step) => ({
    key: step.key,
    message: t(step.message),
    done: step.flag ? Boolean(order[step.flag]) : true,
    at: order[step.at] ?? null,
  }));
  if (!isCancelled(order)) return steps;
  return [
    ...steps.filter((step) => step.done),
    { key: "cancelled", message: t(ORDER_CANCELLED), done: true, at: order.cancelledAt ?? null, reason: order.cancelReason || "" },
  ];
}

/** The message of the furthest step reached. */
export function currentTrackingMessage(order) {
  return trackingSteps(order).filter((step) => step.done).at(-1).message;
}
