import { createRoot } from "react-dom/client";
import AdminUsersPage, { readUserListQuery } from "./AdminUsersPage";

createRoot(document.getElementById("island")).render(<AdminUsersPage {...readUserListQuery(window.location.search)} />);
