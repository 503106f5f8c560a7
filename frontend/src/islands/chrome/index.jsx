import { createRoot } from "react-dom/client";
import Chrome from "./Chrome";

const mount = document.getElementById("chrome-root");
if (mount) createRoot(mount).render(<Chrome />);
