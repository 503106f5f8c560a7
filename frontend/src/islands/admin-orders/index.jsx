import adminOrdersTexts from "../../i18n/admin-orders";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import AdminOrdersPage from "./AdminOrdersPage";
import { readListQuery } from "./pipeline";

const { page, status } = readListQuery(window.location.search);
mountIsland(document.getElementById("island"), <AdminOrdersPage page={page} status={status} />, [adminOrdersTexts, ordersTexts]);
