import { mountIsland } from "../../lib/mount";
import AdminUsersPage, { readUserListQuery } from "./AdminUsersPage";

mountIsland(document.getElementById("island"), <AdminUsersPage {...readUserListQuery(window.location.search)} />);
