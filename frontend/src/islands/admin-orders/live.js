// The board's live part, loaded once the list shows: the staff socket and the new-order beep.
export { followStaffOrders } from "../../lib/staffLive";
export { createBeeper } from "./beep";
