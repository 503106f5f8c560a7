import adminBooksTexts from "../../i18n/admin-books";
import { mountIsland } from "../../lib/mount";
import AdminBooksPage from "./AdminBooksPage";

mountIsland(document.getElementById("island"), <AdminBooksPage />, [adminBooksTexts]);
