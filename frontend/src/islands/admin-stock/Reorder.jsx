// What to order, per supplier the packs were last bought from: the packs at or under their reorder
// level with the quantity the server suggests (28 days' sales over the supplier's lead time). It
// prints as one sheet per supplier to phone or hand over, and goes to a supplier with a mobile
// number as a WhatsApp message the server words (wa.me, sent from the shop's phone), or as an SMS
// the server sends (POST /api/inventory/reorder/sms: once a day per order, however often pressed).
import { useState } from "react";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import StockTable, { Loaded } from "./StockTable";

function SmsButton({ supplier }) {
  const t = useT();
  const [sent, setSent] = useState(null);
  const sending = useSubmit(async () =>
    setSent(await api("/api/inventory/reorder/sms", { method: "POST", body: { supplierId: String(supplier.id) } })),
  );
  return (
    <>
      <button type="button" className="btn btn--small" onClick={() => sending.submit()} disabled={sending.busy}>
        {t("admin.stock.reorder.sms", { supplier: supplier.name })}
      </button>
      <span aria-live="polite">
        {sent && (
          <Message variant="success">
            {t(sent.alreadySent ? "admin.stock.reorder.smsAlready" : "admin.stock.reorder.smsSent", { phone: sent.phone })}
          </Message>
        )}
        {sending.error && <Message variant="danger">{sending.error}</Message>}
      </span>
    </>
  );
}

function SupplierOrder({ group }) {
  const t = useT();
  const { supplier } = group;
  return (
    <section className="stock-band stock-order">
      <h3>{supplier ? supplier.name : t("admin.stock.reorder.noSupplier")}</h3>
      {supplier && (
        <p className="stock-hint">
          {[supplier.gstin, supplier.phone, t("admin.stock.reorder.leadTime", { days: supplier.leadTimeDays })].filter(Boolean).join(" · ")}
        </p>
      )}
      {group.whatsappUrl && (
        <div className="no-print stock-order__send">
          <a className="btn btn--small" href={group.whatsappUrl} target="_blank" rel="noopener noreferrer">
            {t("admin.stock.reorder.whatsapp", { supplier: supplier.name })}
          </a>
          <SmsButton supplier={supplier} />
        </div>
      )}
      <StockTable
        headings={[
          t("admin.stock.line.pack"),
          t("admin.stock.reorder.inStock"),
          t("admin.stock.reorder.level"),
          t("admin.stock.reorder.sold"),
          t("admin.stock.reorder.qty"),
        ]}
        rows={group.lines.map((line) => ({
          key: line.financialId,
          cells: [line.pack, line.inStock, line.reorderLevel, line.sold28Days, <strong key="qty">{line.qty}</strong>],
        }))}
      />
    </section>
  );
}

export default function Reorder() {
  const answer = useApi("/api/inventory/reorder");
  return <Loaded answer={answer}>{(data) => <Orders data={data} />}</Loaded>;
}

function Orders({ data }) {
  const t = useT();
  return (
    <div className="stock-section printable">
      <div className="stock-section__head">
        <h2>{t("admin.stock.reorder.title")}</h2>
        {data.suppliers.length > 0 && (
          <button type="button" className="btn btn--small no-print" onClick={() => window.print()}>
            {t("admin.stock.print")}
          </button>
        )}
      </div>
      {!data.suppliers.length && <p className="stock-empty">{t("admin.stock.reorder.none")}</p>}
      {data.suppliers.map((group) => (
        <SupplierOrder key={group.supplier?.id ?? "none"} group={group} />
      ))}
    </div>
  );
}
