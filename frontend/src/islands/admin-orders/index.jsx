import adminOrdersTexts from "../../i18n/admin-orders";
import lowStockTexts from "../../i18n/low-stock";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import AdminOrdersPage from "./AdminOrdersPage";
import { readListQuery } from "./pipeline";

const { status, q, date } = readListQuery(window.location.search);
mountIsland(document.getElementById("island"), <AdminOrdersPage status={status} q={q} date={date} />, [adminOrdersTexts, ordersTexts, lowStockTexts]);
