// The geometry of the dashboard's charts, apart from React so that it is tested on its own: the
// points of a line over days and the lengths of horizontal bars, in a fixed view box the SVG
// scales to its width. No chart library: two small shapes do not need one.

export const LINE_VIEW = { width: 640, height: 240, left: 72, right: 14, top: 12, bottom: 32, labels: 4 };
// A wide screen's card spans the page: a wider box fills it at the same height and text size.
export const WIDE_LINE_VIEW = { width: 1180, height: 260, left: 80, right: 16, top: 12, bottom: 32, labels: 8 };
export const PHONE_LINE_VIEW = { width: 340, height: 210, left: 62, right: 12, top: 10, bottom: 28, labels: 3 };

/** A "nice" top for an axis over values up to `max`: 1, 2 or 5 times a power of ten (0 → 1). */
export function niceTop(max) {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max);
  return step * power;
}

/**
 * The line of `values` (one per day, oldest first) in LINE_VIEW: its points, the axis top and
 * four grid lines with their values. A single day is drawn as one point in the middle.
 */
export function lineGeometry(values, view = LINE_VIEW) {
  const { width, height, left, right, top, bottom } = view;
  const plotWidth = width - left - right;
  const plotHeight = height - top - bottom;
  const axisTop = niceTop(Math.max(0, ...values));
  const x = (index) => (values.length === 1 ? left + plotWidth / 2 : left + (plotWidth * index) / (values.length - 1));
  const y = (value) => top + plotHeight - (plotHeight * Math.max(0, value)) / axisTop;
  const points = values.map((value, index) => ({ x: round(x(index)), y: round(y(value)) }));
  const grid = [0, 0.25, 0.5, 0.75, 1].map((share) => ({ value: axisTop * share, y: round(y(axisTop * share)) }));
  return { points, grid, axisTop, x: (index) => round(x(index)), baseline: round(y(0)) };
}

/** Each value's share of the largest (0..1), for bars; all 0 when nothing is above 0. */
export function barShares(values) {
  const max = Math.max(0, ...values);
  return values.map((value) => (max > 0 ? Math.max(0, value) / max : 0));
}

/** Which of `count` labels to write under the line so that at most `most` show, the last always. */
export function labelledIndexes(count, most = 7) {
  if (count <= most) return Array.from({ length: count }, (_, index) => index);
  const step = Math.ceil((count - 1) / (most - 1));
  const indexes = [];
  for (let index = count - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}

const round = (value) => Math.round(value * 10) / 10;
