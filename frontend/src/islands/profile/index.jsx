import accountTexts from "../../i18n/account";
import ordersTexts from "../../i18n/orders";
import { mountIsland } from "../../lib/mount";
import ProfilePage from "./ProfilePage";

mountIsland(document.getElementById("island"), <ProfilePage />, [accountTexts, ordersTexts]);
