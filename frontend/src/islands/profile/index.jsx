import { createRoot } from "react-dom/client";
import ProfilePage from "./ProfilePage";

createRoot(document.getElementById("island")).render(<ProfilePage />);
