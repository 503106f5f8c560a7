import { lazy, Suspense } from "react";
import Loader from "../../components/Loader";
import adminOrdersTexts from "../../i18n/admin-orders";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import { readListQuery } from "./pipeline";

// The live board is a chunk of its own, fetched as the island starts: the page's JavaScript at start
// stays at the staff screens' figure (bench/frontend_weight.py), the board's code follows at once.
const AdminOrdersPage = lazy(() => import(/* webpackChunkName: "admin-board" */ "./AdminOrdersPage"));

const { status, q, date } = readListQuery(window.location.search);
mountIsland(
  document.getElementById("island"),
  <Suspense fallback={<Loader />}>
    <AdminOrdersPage status={status} q={q} date={date} />
  </Suspense>,
  [adminOrdersTexts, ordersTexts],
);
