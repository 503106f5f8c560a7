// The shopper islands rendered to HTML on the server (issue 34): the same components the browser
// hydrates (lib/mount.js), so each piece of markup has one owner. webpack builds this file for
// Node into frontend/build/ssr/islands.js; frontend/ssr/server.mjs serves it to Django
// (shop/ssr.py), which writes the HTML into the island's node.
//
// A render is given what the page carries: the island's name, the page's path and query, its
// language, the shop's public config (<script id="shop-config">) and its preloaded answers
// (shop/preload.py). It knows nothing of the shopper (no cart,
// no login: the browser's own state comes right after hydration), so one rendering serves every
// visitor of the same page in the same language.
import { PassThrough } from "node:stream";
import { prerenderToNodeStream } from "react-dom/static";
import chromeTe from "../src/i18n/te/chrome.json";
import homeTe from "../src/i18n/te/home.json";
import notifyTe from "../src/i18n/te/notify.json";
import shopTe from "../src/i18n/te/shop.json";
import homeTexts from "../src/i18n/home";
import notifyTexts from "../src/i18n/notify";
import shopTexts from "../src/i18n/shop";
import ProductCard from "../src/components/ProductCard";
import Category from "../src/islands/category/Category";
import Home from "../src/islands/home/Home";
import Search from "../src/islands/search/Search";
import { setConfig } from "../src/lib/config";
import { loadTexts, showForServer } from "../src/lib/i18n";
import { setPreloaded } from "../src/lib/preloaded";

// The English texts of every island below, loaded once while English is shown (synchronously).
loadTexts([homeTexts, shopTexts, notifyTexts]);
const TELUGU = { ...chromeTe, ...shopTe, ...homeTe, ...notifyTe };

export const ISLANDS = {
  home: ({ path }) => <Home path={path} />,
  category: ({ path }) => <Category pathname={path} />,
  search: ({ path, search }) => <Search location={{ pathname: path, search }} />,
};

function collect(stream) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    stream.on("data", (chunk) => chunks.push(chunk));
    stream.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    stream.on("error", reject);
  });
}

// The language and the preloaded answers are the modules' state for one render: renders take
// turns (each takes a few milliseconds; a part loaded on demand resolves within the bundle).
let turn = Promise.resolve();

/** The island's HTML for `page` ({island, path, search, language, config, preload}), or null for an island not rendered here. */
export function render(page) {
  const island = ISLANDS[page.island];
  if (!island) return Promise.resolve(null);
  const result = turn.then(async () => {
    showForServer(page.language, page.language === "te" ? TELUGU : {});
    setConfig(page.config);
    setPreloaded(page.preload ?? {});
    const { prelude } = await prerenderToNodeStream(island({ path: page.path ?? "/", search: page.search ?? "" }));
    return collect(prelude.pipe(new PassThrough()));
  });
  turn = result.catch(() => undefined);
  return result;
}

/** One product card's HTML, for the test that holds the server's card equal to the browser's
 * (frontend/ssr/card.test.js). */
export function renderCard(props, { language = "en" } = {}) {
  const result = turn.then(async () => {
    showForServer(language, language === "te" ? TELUGU : {});
    const { prelude } = await prerenderToNodeStream(<ProductCard {...props} />);
    return collect(prelude.pipe(new PassThrough()));
  });
  turn = result.catch(() => undefined);
  return result;
}
