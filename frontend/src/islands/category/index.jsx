import { createRoot } from "react-dom/client";
import Category from "./Category";

createRoot(document.getElementById("island")).render(<Category />);
