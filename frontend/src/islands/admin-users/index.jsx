import adminUsersTexts from "../../i18n/admin-users";
import staffTexts from "../../i18n/staff";
import { mountIsland } from "../../lib/mount";
import AdminUsersPage, { readUserListQuery } from "./AdminUsersPage";

mountIsland(document.getElementById("island"), <AdminUsersPage {...readUserListQuery(window.location.search)} />, [adminUsersTexts, staffTexts]);
