// The counter's receipt: a GST tax invoice on an 80 mm or 58 mm thermal roll, in English or Telugu
// whatever the screen's language (both catalogs are read here). Every figure is the server's
// (counter/serializers.py); printed with the browser's own print (counter.css: named pages).
import en from "../../i18n/en/counter.json";
import te from "../../i18n/te/counter.json";
import { formatMoney } from "../../lib/money";
import { packLabel } from "../../lib/packLabel";

const CATALOGS = { en, te };

function fill(text, vars = {}) {
  return text.replace(/\{(\w+)\}/g, (_, name) => String(vars[name] ?? ""));
}

export default function Receipt({ bill, paper, language }) {
  const texts = CATALOGS[language] || en;
  const say = (key, vars) => fill(texts[key] || en[key], vars);
  const order = bill.order;
  const gst = order.gst;
  const when = new Date(bill.billedAt).toLocaleString(language === "te" ? "te-IN" : "en-IN", { timeZone: "Asia/Kolkata" });
  return (
    <article className={`receipt receipt--${paper}`} aria-label={`${say("counter.receipt.taxInvoice")} ${bill.number}`} lang={language}>
      <header className="receipt__head">
        <strong>{bill.seller.legalName}</strong>
        <div>{bill.seller.address}</div>
        <div>{say("counter.receipt.gstin")}: {bill.seller.gstin} · {say("counter.receipt.fssai")}: {bill.seller.fssai}</div>
        <div>{bill.seller.phone}</div>
        <h2>{say("counter.receipt.taxInvoice")}</h2>
        <div>{say("counter.receipt.bill")}: {bill.number}</div>
        <div>{say("counter.receipt.date")}: {when}</div>
        <div>{say("counter.receipt.cashier")}: {bill.cashier} · {bill.counter.code}</div>
        {bill.buyer ? (
          <div>
            {say("counter.receipt.buyer")}: {bill.buyer.name} · {say("counter.receipt.gstin")}: {bill.buyer.gstin}
          </div>
        ) : null}
      </header>
      <table className="receipt__lines">
        <thead>
          <tr>
            <th>{say("counter.receipt.item")}</th>
            <th>{say("counter.receipt.qty")}</th>
            <th>{say("counter.receipt.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {order.orderItems.map((item) => (
            <tr key={item._id}>
              <td>
                {language === "te" && item.nameTe ? item.nameTe : item.name} {packLabel(item)}
                <div className="receipt__sub">
                  {item.hsnCode} · {say("counter.receipt.gstRate", { rate: item.gstRate })} · {formatMoney(item.price)}
                </div>
              </td>
              <td>{item.qty}</td>
              <td>{formatMoney(item.lineTotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {gst ? (
        <table className="receipt__tax">
          <tbody>
            {gst.rates.map((rate) => (
              <tr key={rate.rate}>
                <td>{say("counter.receipt.gstRate", { rate: rate.rate })}</td>
                <td>{say("counter.receipt.taxable")} {formatMoney(rate.taxableValue)}</td>
                <td>
                  {say("counter.receipt.cgst")} {formatMoney(rate.cgst)} {say("counter.receipt.sgst")} {formatMoney(rate.sgst)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {bill.offline && !gst ? <p className="receipt__sub">{say("counter.receipt.offline")}</p> : null}
      <p className="receipt__total">
        {say("counter.receipt.total")}: {formatMoney(order.totalPrice)}
      </p>
      <ul className="receipt__tenders">
        {bill.tenders.map((tender, index) => (
          <li key={index}>
            {say("counter.receipt.paid")} ({texts[`counter.method.${tender.method}`] || tender.method}): {formatMoney(tender.amount)}
            {tender.reference ? ` · ${tender.reference}` : ""}
          </li>
        ))}
        {bill.change ? (
          <li>
            {say("counter.receipt.change")}: {formatMoney(bill.change)}
          </li>
        ) : null}
      </ul>
      <p className="receipt__foot">{say("counter.receipt.thanks")}</p>
    </article>
  );
}
