import { mountIsland } from "../../lib/mount";
import AdminUserEditPage from "./AdminUserEditPage";

const island = document.getElementById("island");
mountIsland(island, <AdminUserEditPage userId={island.dataset.userId} />);
