import adminTicketsTexts from "../../i18n/admin-tickets";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import AdminTicketsPage from "./AdminTicketsPage";
import { readQueueQuery } from "./queue";

const { page, status } = readQueueQuery(window.location.search);
// The orders texts name the payment methods.
mountIsland(document.getElementById("island"), <AdminTicketsPage page={page} status={status} />, [adminTicketsTexts, ordersTexts]);
