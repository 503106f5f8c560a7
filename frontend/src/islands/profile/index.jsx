import { mountIsland } from "../../lib/mount";
import ProfilePage from "./ProfilePage";

mountIsland(document.getElementById("island"), <ProfilePage />);
