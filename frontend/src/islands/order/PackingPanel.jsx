// The staff's packing screen on the order page (issue 25): per line, reduce it (a short pick),
// remove it, or replace it with another pack found through the catalog's admin search. Shown only
// when the server says the caller may (`order.canChangeLines`: staff, placed or packed). Each change
// is one call (PUT /api/orders/{id}/items/{itemId}, POST .../replace) whose answer is the order as
// it now stands: the lines, GST, totals, credit notes and refunds all come from the server
// (orders/packing.py), which also decides the replacement's price. Loaded on demand with its texts.
import { useId, useState } from "react";
import packingTexts from "../../i18n/packing";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { withQuery } from "../../lib/listPages";
import { formatMoney, toNumber } from "../../lib/money";
import { toast } from "../../lib/toast";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import { packLabel } from "./format";
import { namedPackLabel } from "../../lib/packLabel";

export const texts = [packingTexts];

const SEARCH_MIN_LENGTH = 2;
const SEARCH_PAGE_SIZE = 10;
const REASON_MAX_LENGTH = 500;

const lineName = (item) => `${item.brand} ${item.name} ${packLabel(item)}`;

/** Every pack of the products found, as the picker lists them. */
export function packOptions(products) {
  return (products ?? []).flatMap((product) =>
    (product.details ?? []).flatMap((detail) =>
      (detail.financials ?? []).map((pack) => ({
        financialId: String(pack._id),
        name: namedPackLabel({ ...pack, brand: detail.brand }, product.name),
        dprice: pack.dprice,
        countInStock: toNumber(pack.countInStock),
      })),
    ),
  );
}

function Reason({ value, onChange, disabled }) {
  const t = useT();
  return (
    <label className="packing-panel__field">
      <span>{t("packing.reason")}</span>
      <input type="text" value={value} maxLength={REASON_MAX_LENGTH} disabled={disabled} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

function Actions({ busy, confirm, danger = false, onBack }) {
  const t = useT();
  return (
    <div className="packing-panel__actions">
      <button type="button" className="btn btn--small" onClick={onBack} disabled={busy}>
        {t("packing.back")}
      </button>
      <button type="submit" className={`btn btn--small ${danger ? "btn--danger" : "btn--primary"}`} disabled={busy} aria-busy={busy}>
        {busy ? t("packing.busy") : confirm}
      </button>
    </div>
  );
}

function Failure({ error }) {
  return error ? (
    <p className="packing-panel__error" role="alert">
      {error}
    </p>
  ) : null;
}

function ReduceForm({ item, change, onBack }) {
  const t = useT();
  const [qty, setQty] = useState(item.qty - 1);
  const [reason, setReason] = useState("");
  const counts = Array.from({ length: item.qty }, (_, index) => index);
  return (
    <form className="packing-panel__form" onSubmit={(event) => (event.preventDefault(), change.submit({ qty, reason }))}>
      <label className="packing-panel__field">
        <span>{t("packing.qty")}</span>
        <select value={qty} disabled={change.busy} onChange={(event) => setQty(Number(event.target.value))}>
          {counts.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </label>
      <Reason value={reason} onChange={setReason} disabled={change.busy} />
      <Failure error={change.error} />
      <Actions busy={change.busy} confirm={t("packing.confirmReduce", { qty })} onBack={onBack} />
    </form>
  );
}

function RemoveForm({ item, change, onBack }) {
  const t = useT();
  const [reason, setReason] = useState("");
  return (
    <form className="packing-panel__form" onSubmit={(event) => (event.preventDefault(), change.submit({ qty: 0, reason }))}>
      <p className="packing-panel__question">{t("packing.removeQuestion", { pack: lineName(item) })}</p>
      <Reason value={reason} onChange={setReason} disabled={change.busy} />
      <Failure error={change.error} />
      <Actions busy={change.busy} confirm={t("packing.confirmRemove")} danger onBack={onBack} />
    </form>
  );
}

function ReplaceForm({ item, change, onBack }) {
  const t = useT();
  const name = useId();
  const [keyword, setKeyword] = useState(item.name);
  const [chosen, setChosen] = useState("");
  const [qty, setQty] = useState(item.qty);
  const [agreed, setAgreed] = useState(false);
  const [reason, setReason] = useState("");
  const term = keyword.trim();
  const search = useApi(term.length >= SEARCH_MIN_LENGTH ? withQuery("/api/admin/products", { keyword: term, pageSize: String(SEARCH_PAGE_SIZE) }) : null);
  const options = packOptions(search.data).filter((pack) => pack.financialId !== String(item.financialId));

  const submit = (event) => {
    event.preventDefault();
    if (!chosen) return change.setError(t("packing.choosePack"));
    return change.submit({ replace: true, financialId: chosen, qty, shopperAgreed: agreed, reason });
  };

  return (
    <form className="packing-panel__form" onSubmit={submit}>
      <label className="packing-panel__field">
        <span>{t("packing.search")}</span>
        <input type="search" value={keyword} disabled={change.busy} onChange={(event) => setKeyword(event.target.value)} />
      </label>
      {search.loading && term.length >= SEARCH_MIN_LENGTH && <p className="packing-panel__hint">{t("packing.searching")}</p>}
      {search.error && <Failure error={search.error} />}
      {!search.loading && search.data && !options.length && <p className="packing-panel__hint">{t("packing.noPacks")}</p>}
      {options.length > 0 && (
        <fieldset className="packing-panel__packs">
          <legend className="visually-hidden">{t("packing.search")}</legend>
          {options.map((pack) => (
            <label key={pack.financialId} className="packing-panel__pack">
              <input
                type="radio"
                name={name}
                value={pack.financialId}
                checked={chosen === pack.financialId}
                disabled={change.busy || pack.countInStock < 1}
                onChange={() => setChosen(pack.financialId)}
              />
              <span>{t("packing.packOption", { pack: pack.name, price: formatMoney(pack.dprice), count: pack.countInStock })}</span>
            </label>
          ))}
        </fieldset>
      )}
      <label className="packing-panel__field">
        <span>{t("packing.replaceQty")}</span>
        <input
          type="number"
          min="1"
          max="10"
          value={qty}
          disabled={change.busy}
          onChange={(event) => setQty(Number(event.target.value))}
        />
      </label>
      <label className="packing-panel__check">
        <input type="checkbox" checked={agreed} disabled={change.busy} onChange={(event) => setAgreed(event.target.checked)} />
        <span>{t("packing.agreed")}</span>
      </label>
      <Reason value={reason} onChange={setReason} disabled={change.busy} />
      <Failure error={change.error} />
      <Actions busy={change.busy} confirm={t("packing.confirmReplace")} onBack={onBack} />
    </form>
  );
}

const FORMS = { reduce: ReduceForm, remove: RemoveForm, replace: ReplaceForm };

function PackingLine({ order, item, open, onOpen, onChanged, onChanging }) {
  const t = useT();
  const path = `/api/orders/${encodeURIComponent(order._id)}/items/${encodeURIComponent(item._id)}`;
  const change = useSubmit(async ({ replace = false, reason, ...body }) => {
    const request = replace ? { path: `${path}/replace`, method: "POST" } : { path, method: "PUT" };
    // The page's live updates hear this change too: the one toast for it is this one.
    onChanging?.(true);
    try {
      const updated = await api(request.path, { method: request.method, body: { ...body, reason } });
      toast.success(t("packing.done"));
      onChanged(updated);
    } finally {
      onChanging?.(false);
    }
  });
  const Form = open ? FORMS[open] : null;
  const openForm = (form) => {
    change.setError(""); // a refusal belongs to the form it answered
    onOpen(form);
  };
  return (
    <li className="packing-panel__line">
      <div className="packing-panel__row">
        <span className="packing-panel__name">{`${item.qty} × ${lineName(item)}`}</span>
        {!open && (
          <span className="packing-panel__buttons" role="group" aria-label={t("packing.lineActions", { pack: lineName(item) })}>
            {item.qty > 1 && (
              <button type="button" className="btn btn--small" onClick={() => openForm("reduce")}>
                {t("packing.reduce")}
              </button>
            )}
            <button type="button" className="btn btn--small" onClick={() => openForm("replace")}>
              {t("packing.replace")}
            </button>
            <button type="button" className="btn btn--small btn--danger" onClick={() => openForm("remove")}>
              {t("packing.remove")}
            </button>
          </span>
        )}
      </div>
      {Form && <Form item={item} change={change} onBack={() => openForm(null)} />}
    </li>
  );
}

/** `onChanged(order)` receives the order as the server answered after a change; `onChanging(busy)` brackets it. */
export default function PackingPanel({ order, onChanged, onChanging }) {
  const t = useT();
  const [open, setOpen] = useState({ itemId: null, form: null });
  const changed = (updated) => {
    setOpen({ itemId: null, form: null });
    onChanged(updated);
  };
  return (
    <section className="packing-panel" aria-labelledby="packing-panel-title">
      <h2 id="packing-panel-title">{t("packing.title")}</h2>
      <p className="packing-panel__hint">{t("packing.explain")}</p>
      <ul className="packing-panel__lines">
        {order.orderItems.map((item) => (
          <PackingLine
            key={item._id}
            order={order}
            item={item}
            open={open.itemId === item._id ? open.form : null}
            onOpen={(form) => setOpen(form ? { itemId: item._id, form } : { itemId: null, form: null })}
            onChanged={changed}
            onChanging={onChanging}
          />
        ))}
      </ul>
    </section>
  );
}
