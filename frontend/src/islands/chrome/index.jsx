// The chrome island, on every page. templates/base.html paints the header, the bottom bar and the
// footer; this island takes over the header and the bottom bar in place (same markup, now live)
// and adds the floating parts in #chrome-root.
import { createRoot } from "react-dom/client";
import BottomBar from "../../components/BottomBar";
import Header from "../../components/Header";
import "../../styles/index.css";
import Chrome from "./Chrome";

function mount(id, element) {
  const node = document.getElementById(id);
  if (node) createRoot(node).render(element);
}

mount("site-header", <Header />);
mount("bottom-bar", <BottomBar />);
mount("chrome-root", <Chrome />);

// The splash fades out by itself (CSS); take it out of the page once it has.
const splash = document.getElementById("splash");
splash?.addEventListener("animationend", () => splash.remove(), { once: true });
