import adminDashboardTexts from "../../i18n/admin-dashboard";
import { mountIsland } from "../../lib/mount";
import AdminDashboardPage, { readPeriod } from "./AdminDashboardPage";

mountIsland(document.getElementById("island"), <AdminDashboardPage period={readPeriod(window.location.search)} />, [adminDashboardTexts]);
