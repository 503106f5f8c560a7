import adminSlotsTexts from "../../i18n/admin-slots";
import { mountIsland } from "../../lib/mount";
import AdminSlotsPage from "./AdminSlotsPage";

mountIsland(document.getElementById("island"), <AdminSlotsPage />, [adminSlotsTexts]);
