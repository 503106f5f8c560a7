import { createRoot } from "react-dom/client";
import AdminUserEditPage from "./AdminUserEditPage";

const island = document.getElementById("island");
createRoot(island).render(<AdminUserEditPage userId={island.dataset.userId} />);
