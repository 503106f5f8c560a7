import { describe, expect, it } from "vitest";
import { lastPageFromLink, readPagedList, withQuery } from "./listPages";

describe("paged lists (contracts §7)", () => {
  it("reads the array answer and its page count from the Link header's rel=last", () => {
    const link = [
      '<http://shop.test/api/orders?pageNumber=1&pageSize=20>; rel="first"',
      '<http://shop.test/api/orders?pageNumber=3&pageSize=20>; rel="next"',
      '<http://shop.test/api/orders?pageNumber=5&pageSize=20>; rel="last"',
    ].join(", ");
    expect(lastPageFromLink(link)).toBe(5);
    expect(readPagedList([{ _id: "a" }], new Headers({ "X-Total-Count": "90", Link: link }))).toEqual({ rows: [{ _id: "a" }], pages: 5 });
    expect(readPagedList({ message: "odd" }, new Headers())).toEqual({ rows: [], pages: 1 });
  });

  it("writes a list address with only the values that matter", () => {
    expect(withQuery("/api/users", { keyword: "", pageNumber: "1" })).toBe("/api/users");
    expect(withQuery("/api/users", { keyword: "asha", pageNumber: 2 })).toBe("/api/users?keyword=asha&pageNumber=2");
  });
});
