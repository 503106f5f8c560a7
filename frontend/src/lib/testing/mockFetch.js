// Tests only: a fetch stand-in that answers by "METHOD path" (path with its query string).
// An answer is {status, body, headers} or a function of the request returning one; unknown routes get 404.
import { vi } from "vitest";

export function mockFetch(routes) {
  const fetchMock = vi.fn(async (url, options = {}) => {
    const method = (options.method || "GET").toUpperCase();
    const { pathname, search } = new URL(url, "http://shop.test");
    const route = routes[`${method} ${pathname}${search}`] ?? routes[`${method} ${pathname}`];
    const body = typeof options.body === "string" ? JSON.parse(options.body) : options.body; // FormData as it is
    const answer = typeof route === "function" ? await route({ method, path: pathname, search, body, options }) : route;
    const { status = 200, body: responseBody, headers = {} } = answer ?? { status: 404, body: { message: "Not found" } };
    return {
      ok: status >= 200 && status < 300,
      status,
      statusText: "",
      headers: new Headers(headers),
      text: () => Promise.resolve(responseBody === undefined ? "" : JSON.stringify(responseBody)),
    };
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The parsed JSON body of the call to `method path`, or undefined. */
export function sentBody(fetchMock, method, path) {
  const call = fetchMock.mock.calls.find(
    ([url, options = {}]) => (options.method || "GET").toUpperCase() === method && new URL(url, "http://shop.test").pathname === path,
  );
  return call?.[1]?.body ? JSON.parse(call[1].body) : undefined;
}
