// Your usual items (issue 26): a signed-in shopper's most bought packs (GET /api/orders/usual, the
// server's ranking, at most 12), as a row of cards under the banners; nothing for a guest or a
// shopper with no orders yet.
import ProductGrid from "../../components/ProductGrid";
import { useUserInfo } from "../../lib/auth";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";

export default function UsualItems() {
  const t = useT();
  const signedIn = Boolean(useUserInfo());
  const { data } = useApi(signedIn ? "/api/orders/usual" : null);
  if (!signedIn || !Array.isArray(data) || data.length === 0) return null;
  return (
    <section className="section" aria-labelledby="usual-items-heading">
      <h2 id="usual-items-heading">{t("home.usualItems")}</h2>
      <ProductGrid products={data} row label={t("home.usualItems")} />
    </section>
  );
}
