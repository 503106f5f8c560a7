// Arrow-key movement through a suggestion list, shared by the header search and the delivery
// checker: Down from nothing picks the first, Up from nothing the last, and both wrap around.

/** The suggestion index after one step (+1 down, -1 up) from `current` (-1: none) in `count`. */
export function nextActive(current, step, count) {
  if (count <= 0) return -1;
  if (current < 0) return step > 0 ? 0 : count - 1;
  return (current + step + count) % count;
}
