import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch, sentBody } from "./mockFetch";

afterEach(() => vi.unstubAllGlobals());

describe("mockFetch", () => {
  it("answers by method and path, with the query string when given", async () => {
    mockFetch({
      "GET /api/a": { body: { a: 1 } },
      "GET /api/a?x=2": { body: { a: 2 } },
      "POST /api/b": ({ body }) => ({ status: 201, body: { echoed: body } }),
    });
    expect(JSON.parse(await (await fetch("/api/a")).text())).toEqual({ a: 1 });
    expect(JSON.parse(await (await fetch("/api/a?x=2")).text())).toEqual({ a: 2 });
    const created = await fetch("/api/b", { method: "POST", body: JSON.stringify({ n: 3 }) });
    expect(created.status).toBe(201);
    expect(JSON.parse(await created.text())).toEqual({ echoed: { n: 3 } });
  });

  it("answers 404 for an unknown route and records what was sent", async () => {
    const fetchMock = mockFetch({});
    const response = await fetch("/api/none", { method: "PUT", body: JSON.stringify({ s: 1 }) });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(404);
    expect(sentBody(fetchMock, "PUT", "/api/none")).toEqual({ s: 1 });
  });
});
