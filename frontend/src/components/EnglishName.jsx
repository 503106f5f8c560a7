/**
 * In Telugu, the English name of a product or category shown beside its Telugu name (lib/i18n
 * localName, lib/product productTitle); nothing when there is none to show.
 */
export default function EnglishName({ name, className, as: Tag = "span" }) {
  if (!name) return null;
  return (
    <Tag className={className} lang="en">
      {name}
    </Tag>
  );
}
