// The chrome island, on every page. templates/base.html writes the header, the bottom bar and
// the footer once, working without JavaScript; this island mounts the live parts into their
// slots (the search box, the language choice, the account menu, the home page's delivery
// checker, the Say Hi popup) and adds the floating parts in #chrome-root.
import { AccountMenu, HeaderDelivery } from "../../components/Header";
import LanguageSwitch from "../../components/LanguageSwitch";
import SayHi from "../../components/SayHi";
import SearchBox from "../../components/SearchBox";
import "../../styles/index.css";
import { mountIsland } from "../../lib/mount";
import Chrome from "./Chrome";

const mount = (id, element) => mountIsland(document.getElementById(id), element);

mount("search-slot", <SearchBox />);
mount("language-slot", <LanguageSwitch />);
mount("account-slot", <AccountMenu />);
mount("delivery-slot", <HeaderDelivery />);
mount("say-hi-slot", <SayHi />);
mount("chrome-root", <Chrome />);

// The splash fades out by itself (CSS); take it out of the page once it has (on a slow phone this
// script may run after it did).
const splash = document.getElementById("splash");
if (splash?.getAnimations?.().some((animation) => animation.playState === "finished")) splash.remove();
else splash?.addEventListener("animationend", () => splash.remove(), { once: true });
