// The props every inline icon shares (components/icons.jsx, FloatingCart's cart): a module of its
// own, so that the chrome, on every page, carries the cart icon without the others.
export const iconProps = {
  width: 24,
  height: 24,
  viewBox: "0 0 24 24",
  "aria-hidden": true,
  focusable: "false",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
};
