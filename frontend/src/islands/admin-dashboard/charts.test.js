import { describe, expect, it } from "vitest";
import { barShares, labelledIndexes, lineGeometry, LINE_VIEW, niceTop } from "./charts";

describe("the dashboard's chart geometry", () => {
  it("tops an axis at 1, 2 or 5 times a power of ten", () => {
    expect([0, 0.4, 1, 3, 7, 180.15, 2001].map(niceTop)).toEqual([1, 0.5, 1, 5, 10, 200, 5000]);
  });

  it("draws the days from left to right, the highest sale nearest the top", () => {
    const { points, axisTop, baseline } = lineGeometry([0, 50, 100]);
    expect(axisTop).toBe(100);
    expect(points[0]).toEqual({ x: LINE_VIEW.left, y: baseline });
    expect(points[2].x).toBe(LINE_VIEW.width - LINE_VIEW.right);
    expect(points[2].y).toBe(LINE_VIEW.top);
    expect(points[1].y).toBeCloseTo((LINE_VIEW.top + baseline) / 2, 0);
  });

  it("puts a single day in the middle", () => {
    const [point] = lineGeometry([10]).points;
    expect(point.x).toBe(LINE_VIEW.left + (LINE_VIEW.width - LINE_VIEW.left - LINE_VIEW.right) / 2);
  });

  it("gives bars their share of the largest, nothing for an empty period", () => {
    expect(barShares([50, 100, 0])).toEqual([0.5, 1, 0]);
    expect(barShares([0, 0])).toEqual([0, 0]);
  });

  it("labels at most seven days, the last one always", () => {
    expect(labelledIndexes(3)).toEqual([0, 1, 2]);
    const thirty = labelledIndexes(30);
    expect(thirty.length).toBeLessThanOrEqual(7);
    expect(thirty.at(-1)).toBe(29);
  });
});
