import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "./api";
import { attemptKey, sendOnce } from "./idempotency";

const PATH = "/api/orders";
const body = { orderItems: [{ financialId: "7", qty: 2 }], totalPrice: 798 };

/** fetch answering each call with the next of `answers` ("network" = the request never got an answer). */
function fetchAnswering(...answers) {
  const keys = [];
  const fetchMock = vi.fn(async (_url, options) => {
    keys.push(options.headers["Idempotency-Key"]);
    const answer = answers.shift();
    if (answer === "network") throw new TypeError("Failed to fetch");
    return {
      ok: answer.status < 300,
      status: answer.status,
      statusText: "",
      headers: new Headers(),
      text: () => Promise.resolve(JSON.stringify(answer.body ?? {})),
    };
  });
  vi.stubGlobal("fetch", fetchMock);
  return keys;
}

const place = (payload) => sendOnce("order", payload, (headers) => api(PATH, { method: "POST", body: payload, headers }));

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("sendOnce", () => {
  it("sends the same key again when the first try got no answer, then starts afresh", async () => {
    const keys = fetchAnswering("network", { status: 201, body: { _id: "A" } }, { status: 201, body: { _id: "B" } });

    await expect(place(body)).rejects.toMatchObject({ status: 0 });
    await expect(place(body)).resolves.toEqual({ _id: "A" });
    await place(body);

    expect(keys[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it("keeps the key through a server error and 'still being processed'", async () => {
    const keys = fetchAnswering({ status: 502 }, { status: 409, body: { code: "idempotency_key_in_use", message: "wait" } }, { status: 201 });

    await expect(place(body)).rejects.toMatchObject({ status: 502 });
    await expect(place(body)).rejects.toMatchObject({ status: 409 });
    await place(body);

    expect(new Set(keys).size).toBe(1);
  });

  it("forgets the key after a real refusal, so the corrected cart is a new attempt", async () => {
    const keys = fetchAnswering({ status: 409, body: { code: "price_changed", message: "Prices changed" } }, { status: 201 });

    await expect(place(body)).rejects.toMatchObject({ status: 409 });
    await place(body);

    expect(keys[1]).not.toBe(keys[0]);
  });

  it("gives another body another key", () => {
    const first = attemptKey("order", body);
    expect(attemptKey("order", body)).toBe(first);
    expect(attemptKey("order", { ...body, totalPrice: 1 })).not.toBe(first);
  });
});
