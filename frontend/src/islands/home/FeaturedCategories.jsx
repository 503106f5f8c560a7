// Featured Categories: five products of each featured category, in the categories' sequence.
import ProductGrid from "../../components/ProductGrid";
import { localName, useLanguage, useT } from "../../lib/i18n";
import { categoryHref } from "./CategoryGrid";

export default function FeaturedCategories({ categories }) {
  const t = useT();
  const language = useLanguage();
  const shown = categories.filter((category) => category.products?.length);
  if (!shown.length) return null;
  return (
    <section className="section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">{t("home.featured")}</h2>
      {shown.map((category) => (
        <section key={category.key} className="featured" aria-label={category.name}>
          <div className="section__title">
            <h3>{localName(category, language).primary}</h3>
            <a href={categoryHref(category.name)}>{t("home.viewAll")}</a>
          </div>
          <ProductGrid products={category.products} row />
        </section>
      ))}
    </section>
  );
}
