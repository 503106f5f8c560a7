import adminTicketsTexts from "../../i18n/admin-tickets";
import { mountIsland } from "../../lib/mount";
import AdminTicketsPage from "./AdminTicketsPage";
import { readQueueQuery } from "./queue";

const { page, status } = readQueueQuery(window.location.search);
mountIsland(document.getElementById("island"), <AdminTicketsPage page={page} status={status} />, [adminTicketsTexts]);
