// Tests only: the server renderer's bundle (frontend/ssr, built for Node into
// frontend/build/ssr/islands.js by `npm run build`) and the markup comparison of the one-owner
// tests (issue 34): what the server renders must be what the browser's component renders.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";

const BUNDLE = resolve(__dirname, "../../../build/ssr/islands.js");

/** The bundle's exports (render, renderCard). Without it the one-owner tests fail, saying how to
 * build it, rather than skip: a skipped comparison would guard nothing (scripts/test builds first). */
export function serverBundle() {
  if (!existsSync(BUNDLE)) throw new Error(`${BUNDLE} is missing: run \`npm run build\` before these tests`);
  return createRequire(import.meta.url)(BUNDLE);
}

/** Markup as the DOM holds it: React's text separators and the hoisted picture hints left out,
 * attributes in one order (the browser's React sets an image's src last), each select's choice
 * written as the `selected` attribute. `markup`: the server's HTML, or the browser's node, whose
 * selects' choices are properties React set (not in its innerHTML). */
export function normalised(markup) {
  const holder = document.createElement("div");
  if (typeof markup === "string") holder.innerHTML = markup.replace(/^(<link [^>]*>)+/, "");
  else {
    holder.innerHTML = markup.innerHTML;
    const live = markup.querySelectorAll("select");
    holder.querySelectorAll("select").forEach((select, index) => {
      select.selectedIndex = live[index].selectedIndex;
    });
  }
  const chosen = [...holder.querySelectorAll("option")].map((option) => [option, option.selected]);
  chosen.forEach(([option, selected]) => option.toggleAttribute("selected", selected));
  holder.querySelectorAll("*").forEach((node) => {
    for (const child of [...node.childNodes]) if (child.nodeType === Node.COMMENT_NODE) child.remove();
    const attributes = [...node.attributes].map(({ name, value }) => [name, value]).sort();
    attributes.forEach(([name]) => node.removeAttribute(name));
    attributes.forEach(([name, value]) => node.setAttribute(name, value));
  });
  holder.normalize();
  return holder.innerHTML;
}
