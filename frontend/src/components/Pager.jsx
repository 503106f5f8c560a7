/** Page links 1..pages; the current page is marked for assistive technology. */
import { useT } from "../lib/i18n";

export default function Pager({ page, pages, hrefFor }) {
  const t = useT();
  if (!pages || pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <ul className="pager__list">
        {numbers.map((number) => (
          <li key={number}>
            <a
              className={number === page ? "pager__link pager__link--current" : "pager__link"}
              href={hrefFor(number)}
              aria-current={number === page ? "page" : undefined}
              aria-label={t("pager.page", { number })}
            >
              {number}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
