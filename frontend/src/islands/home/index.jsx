import { createRoot } from "react-dom/client";
import Home from "./Home";
import "./home.css";

createRoot(document.getElementById("island")).render(<Home />);
