/** Page links 1..pages; the current page is marked for assistive technology. */
export default function Pager({ page, pages, hrefFor }) {
  if (!pages || pages <= 1) return null;
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav className="pager" aria-label="Pages">
      <ul className="pager__list">
        {numbers.map((number) => (
          <li key={number}>
            <a
              className={number === page ? "pager__link pager__link--current" : "pager__link"}
              href={hrefFor(number)}
              aria-current={number === page ? "page" : undefined}
              aria-label={`Page ${number}`}
            >
              {number}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
