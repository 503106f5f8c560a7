// The add-to-cart flourish: a copy of the product image flies to the floating cart in 0.75 s.
export const FLY_DURATION_MS = 750;

export function flyToCart(image) {
  const target = document.getElementById("floating-cart-icon");
  if (!image || !target || typeof image.animate !== "function") return;
  if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
  const from = image.getBoundingClientRect();
  const to = target.getBoundingClientRect();
  if (!from.width || !to.width) return;

  const flyer = image.cloneNode();
  flyer.removeAttribute("loading");
  flyer.setAttribute("aria-hidden", "true");
  flyer.alt = "";
  Object.assign(flyer.style, {
    position: "fixed",
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${from.width}px`,
    height: `${from.height}px`,
    margin: "0",
    zIndex: "1000",
    pointerEvents: "none",
    borderRadius: "12px",
    objectFit: "contain",
  });
  document.body.appendChild(flyer);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const animation = flyer.animate(
    [
      { transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(0.15)`, opacity: 0.5 },
    ],
    { duration: FLY_DURATION_MS, easing: "cubic-bezier(.5,-0.2,.7,.4)" },
  );
  animation.onfinish = () => flyer.remove();
  animation.oncancel = () => flyer.remove();
}
