import accountTexts from "../../i18n/account";
import ordersTexts from "../../i18n/orders";
import storeCreditTexts from "../../i18n/store-credit";
import { mountIsland } from "../../lib/mount";
import ProfilePage from "./ProfilePage";

mountIsland(document.getElementById("island"), <ProfilePage />, [accountTexts, ordersTexts, storeCreditTexts]);
