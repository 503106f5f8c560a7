// The first API answers of the page, written into it by the server (shop/preload.py): a JSON map
// from request path to answer in <script id="api-preload">. useApi takes an answer from here
// instead of fetching it, so an island's first screen needs no round trip. Each answer is taken
// once: a later request for the same path (a reload, a component mounted again) fetches.
let answers = null;

function preloadedAnswers() {
  if (answers === null) {
    const script = document.getElementById("api-preload");
    try {
      answers = script ? JSON.parse(script.textContent) : {};
    } catch (error) {
      console.error("The page's preloaded answers are not JSON", error);
      answers = {};
    }
  }
  return answers;
}

/** The answer the page was served with for GET `path`, or undefined (then fetch it). */
export function takePreloaded(path) {
  const all = preloadedAnswers();
  if (typeof path !== "string" || !Object.hasOwn(all, path)) return undefined;
  const answer = all[path];
  delete all[path];
  return answer;
}

/** The server renderer (frontend/ssr): the answers the page carries, for the render that follows. */
export function setPreloaded(map) {
  answers = { ...map };
}

/** Tests: read the page's script again. */
export function resetPreloaded() {
  answers = null;
}
