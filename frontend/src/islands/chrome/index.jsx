// The chrome island, on every page. templates/base.html writes the header, the bottom bar and
// the footer once, working without JavaScript; this island mounts the live parts into their
// slots (the search box, the account menu, the home page's delivery checker, the Say Hi popup)
// and adds the floating parts in #chrome-root.
import { createRoot } from "react-dom/client";
import { AccountMenu, HeaderDelivery } from "../../components/Header";
import SayHi from "../../components/SayHi";
import SearchBox from "../../components/SearchBox";
import "../../styles/index.css";
import Chrome from "./Chrome";

function mount(id, element) {
  const node = document.getElementById(id);
  if (node) createRoot(node).render(element);
}

mount("search-slot", <SearchBox />);
mount("account-slot", <AccountMenu />);
mount("delivery-slot", <HeaderDelivery />);
mount("say-hi-slot", <SayHi />);
mount("chrome-root", <Chrome />);

// The splash fades out by itself (CSS); take it out of the page once it has.
const splash = document.getElementById("splash");
splash?.addEventListener("animationend", () => splash.remove(), { once: true });
