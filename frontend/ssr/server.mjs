// The server renderer beside Django (issue 34): renders a shopper island's first screen to HTML
// with the islands' own components (frontend/ssr/islands.jsx, built by webpack into
// frontend/build/ssr/islands.js). Plain node:http on a loopback port, keep-alive, no other package.
//
//   node frontend/ssr/server.mjs            # listens on 127.0.0.1:$SSR_PORT (default 8002)
//
// POST /render {"island", "path", "search", "language", "preload"} answers 200
// {"html", "head"}: the island's markup, and the resource hints React put before it (the first
// pictures' preloads), which belong in the page's <head>. An island not rendered here answers 404;
// a request that is not JSON 400; a render that fails 500 (Django then serves the page as before:
// the island draws it in the browser). GET /healthz answers "ok".
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
const { render } = require(join(here, "..", "build", "ssr", "islands.js"));

const port = Number(process.env.SSR_PORT || 8002);
const host = process.env.SSR_HOST || "127.0.0.1";
const MAX_BODY = 4 * 1024 * 1024;
// React puts the hints for the first pictures (<link rel="preload" as="image">) before the markup.
const LEADING_HINTS = /^(?:<link [^>]*\/?>)+/;

function answer(response, status, body, type = "application/json") {
  response.writeHead(status, { "Content-Type": `${type}; charset=utf-8`, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new Error("body too large"));
      else chunks.push(chunk);
    });
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

export async function handle(request, response) {
  if (request.method === "GET" && request.url === "/healthz") return answer(response, 200, "ok", "text/plain");
  if (request.method !== "POST" || request.url !== "/render") return answer(response, 404, '{"message":"not found"}');
  let page;
  try {
    page = JSON.parse(await readBody(request));
  } catch (error) {
    return answer(response, 400, JSON.stringify({ message: `not a render request: ${error.message}` }));
  }
  try {
    const started = performance.now();
    const markup = await render(page);
    if (markup === null) return answer(response, 404, JSON.stringify({ message: `no island ${page.island}` }));
    const head = LEADING_HINTS.exec(markup)?.[0] ?? "";
    response.setHeader("Server-Timing", `render;dur=${(performance.now() - started).toFixed(1)}`);
    return answer(response, 200, JSON.stringify({ html: markup.slice(head.length), head }));
  } catch (error) {
    console.error(`ssr: ${page?.island} ${page?.path}:`, error);
    return answer(response, 500, JSON.stringify({ message: "render failed" }));
  }
}

const server = createServer(handle);
server.keepAliveTimeout = 60_000;
server.listen(port, host, () => console.log(`ssr: rendering islands on http://${host}:${port}`));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => server.close(() => process.exit(0)));
