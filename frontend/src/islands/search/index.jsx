import { createRoot } from "react-dom/client";
import Search from "./Search";

createRoot(document.getElementById("island")).render(<Search />);
