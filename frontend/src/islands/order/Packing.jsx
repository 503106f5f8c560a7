// The order page's packing part, loaded once the order is shown, in one chunk with its texts: what
// the shopper asked for an unavailable item and the changes made at packing (for everyone), and,
// only when the server says the caller may change the lines (`order.canChangeLines`), the staff's
// packing panel, itself loaded on demand.
import { Suspense, lazy } from "react";
import Loader from "../../components/Loader";
import { textsLoaded } from "../../lib/i18n";
import PackingChanges, { texts } from "./PackingChanges";

export { texts };

const PackingPanel = lazy(() => import(/* webpackChunkName: "order-packing-panel" */ "./PackingPanel").then(textsLoaded));

/**
 * `onChanged(order)` receives the order as the server answered after a change at packing;
 * `onChanging(busy)` is told when a change starts (true) and when it is answered (false).
 */
export default function Packing({ order, onChanged, onChanging }) {
  return (
    <>
      <PackingChanges order={order} />
      {order.canChangeLines && (
        <Suspense fallback={<Loader />}>
          <PackingPanel order={order} onChanged={onChanged} onChanging={onChanging} />
        </Suspense>
      )}
    </>
  );
}
