import { mountIsland } from "../../lib/mount";
import AdminOrdersPage from "./AdminOrdersPage";
import { readListQuery } from "./pipeline";

const { page, status } = readListQuery(window.location.search);
mountIsland(document.getElementById("island"), <AdminOrdersPage page={page} status={status} />);
