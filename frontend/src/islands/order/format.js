// How the order screens name a pack: lib/packLabel.js's, the one writer. Dates are lib/dates.js's.
export { packLabel } from "../../lib/packLabel";
