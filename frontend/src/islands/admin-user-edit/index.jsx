import accountTexts from "../../i18n/account";
import adminUserEditTexts from "../../i18n/admin-user-edit";
import { mountIsland } from "../../lib/mount";
import AdminUserEditPage from "./AdminUserEditPage";

const island = document.getElementById("island");
mountIsland(island, <AdminUserEditPage userId={island.dataset.userId} />, [accountTexts, adminUserEditTexts]);
