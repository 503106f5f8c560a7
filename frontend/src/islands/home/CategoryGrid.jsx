// Every category as a tile linking to its page: 8 columns wide on a desktop. In Telugu a tile
// shows the Telugu name with the English one under it.
import EnglishName from "../../components/EnglishName";
import { localName, useLanguage } from "../../lib/i18n";

export function categoryHref(name) {
  return `/category/${encodeURIComponent(name)}`;
}

export default function CategoryGrid({ categories }) {
  const language = useLanguage();
  return (
    <ul className="category-grid">
      {categories.map((category) => (
        <li key={category.name}>
          <a className="category-tile" href={categoryHref(category.name)}>
            <span className="category-tile__image">
              {category.image ? (
                <img src={category.image} alt="" width="96" height="96" loading="lazy" decoding="async" />
              ) : (
                <span aria-hidden="true">{category.name.charAt(0)}</span>
              )}
            </span>
            <CategoryName {...localName(category, language)} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function CategoryName({ primary, secondary }) {
  return (
    <span className="category-tile__name">
      {primary}
      <EnglishName name={secondary} className="category-tile__english" />
    </span>
  );
}

export function CategoryGridSkeleton({ count = 16 }) {
  return (
    <ul className="category-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <span className="category-tile category-tile--skeleton">
            <span className="category-tile__image skeleton" />
            <span className="category-tile__name skeleton">&nbsp;</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
