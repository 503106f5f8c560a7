// Order tracking (spec section 4 "Order progress"): placed → packed → dispatched → delivered, with
// paid as a separate flag that still moves the progress bar.

export const TRACKING_STEPS = [
  { key: "placed", message: "Order Successfully Placed and Packing In Progress", at: "createdAt" },
  { key: "packed", message: "Order Packed and Ready for Dispatch", flag: "isPacked", at: "packedAt" },
  { key: "dispatched", message: "Order Dispatched and Delivery In Progress", flag: "isDispatched", at: "dispatchedAt" },
  { key: "delivered", message: "Order Delivered", flag: "isDelivered", at: "deliveredAt" },
];

/** Progress bar fill in percent: 25 placed, 50 paid, 65 packed, 85 dispatched, 100 delivered. */
export function orderProgress(order) {
  if (order.isDelivered) return 100;
  if (order.isDispatched) return 85;
  if (order.isPacked) return 65;
  if (order.isPaid) return 50;
  return 25;
}

/** The four timeline steps, each with whether it has happened and when. */
export function trackingSteps(order) {
  return TRACKING_STEPS.map((step) => ({
    key: step.key,
    message: step.message,
    done: step.flag ? Boolean(order[step.flag]) : true,
    at: order[step.at] ?? null,
  }));
}

/** The message of the furthest step reached. */
export function currentTrackingMessage(order) {
  return trackingSteps(order).filter((step) => step.done).at(-1).message;
}
