import { createRoot } from "react-dom/client";
import ProfilePage from "../../components/account/ProfilePage";

createRoot(document.getElementById("island")).render(<ProfilePage />);
