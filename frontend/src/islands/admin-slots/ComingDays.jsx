// The coming days of staff's delivery plan: each of the next 7 dates with its windows, booked against
// the capacity that date has (its own when set, the weekly window's otherwise), and a field to give
// one date its own capacity (a van off on Thursday) or to clear it. More booked than now allowed is
// the server's warning, naming the orders to call, with the offer to move them (./MoveOrders.jsx).
// `version` changes when the weekly plan did (a holiday, a window's capacity): the days are read again.
import { useEffect, useRef, useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import MoveOrders from "./MoveOrders";

const DAYS_PATH = "/api/slots/days";

function SlotRow({ slot, day, first, count, busy, onSet }) {
  const t = useT();
  const [capacity, setCapacity] = useState(slot.ownCapacity == null ? "" : String(slot.ownCapacity));
  const field = `day-capacity-${slot.id}`;
  return (
    <tr className={slot.overBooked ? "admin-slots__over" : undefined}>
      {first && (
        <th scope="rowgroup" rowSpan={count} className="admin-slots__date">
          {day.dayLabel}
        </th>
      )}
      <td data-label={t("admin.slots.days.time")} className="admin-slots__when">
        {slot.timeLabel}
        {!slot.offered && <span className="admin-slots__tag">{t("admin.slots.days.notOffered")}</span>}
      </td>
      <td data-label={t("admin.slots.days.booked")} className="admin-slots__load">
        {t("admin.slots.days.load", { booked: slot.booked, capacity: slot.capacity })}
        {slot.ownCapacity != null && <span className="admin-slots__tag">{t("admin.slots.days.own", { weekly: slot.weeklyCapacity })}</span>}
      </td>
      <td data-label={t("admin.slots.days.thisDate")}>
        <form
          className="admin-slots__day-form"
          onSubmit={(event) => {
            event.preventDefault();
            onSet(slot, capacity === "" ? null : Number(capacity));
          }}
        >
          <label className="visually-hidden" htmlFor={field}>
            {t("admin.slots.days.capacityFor", { day: day.dayLabel, time: slot.timeLabel })}
          </label>
          <input
            id={field}
            type="number"
            inputMode="numeric"
            min="0"
            placeholder={String(slot.weeklyCapacity)}
            value={capacity}
            onChange={(event) => setCapacity(event.target.value)}
          />
          <button type="submit" className="btn btn--primary btn--small" disabled={busy}>
            {t("admin.slots.save")}
          </button>
          {slot.ownCapacity != null && (
            <button type="button" className="btn btn--small" disabled={busy} onClick={() => onSet(slot, null)}>
              {t("admin.slots.days.clear")}
            </button>
          )}
        </form>
      </td>
    </tr>
  );
}

export default function ComingDays({ version }) {
  const t = useT();
  const days = useApi(DAYS_PATH);
  const [notice, setNotice] = useState(null);
  const seen = useRef(version);
  const { reload } = days;
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    reload();
  }, [version, reload]);

  const change = useSubmit(
    async (slot, capacity) => {
      setNotice(null);
      const answer = await api(`${DAYS_PATH}/${encodeURIComponent(slot.id)}`, { method: "PUT", body: { capacity } });
      days.setData(answer);
      setNotice(answer.warning ? { warning: answer.warning } : { variant: "success", text: t("admin.slots.saved") });
    },
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );

  let body;
  if (days.loading && !days.data) body = <Loader />;
  else if (days.error) body = <Message variant="danger">{days.error}</Message>;
  else
    body = (
      <table className="admin-slots__days">
        <thead>
          <tr>
            <th scope="col">{t("admin.slots.days.date")}</th>
            <th scope="col">{t("admin.slots.days.time")}</th>
            <th scope="col">{t("admin.slots.days.booked")}</th>
            <th scope="col">{t("admin.slots.days.thisDate")}</th>
          </tr>
        </thead>
        {days.data.days.map((day) => {
          // A closed date lists only the windows that still have orders booked (to call or move).
          const closed = day.holiday != null;
          const shown = closed ? day.slots.filter((slot) => slot.booked > 0) : day.slots;
          return (
            <tbody key={day.date}>
              {(closed || shown.length === 0) && (
                <tr>
                  <th scope="row" className="admin-slots__date">
                    {day.dayLabel}
                  </th>
                  <td colSpan={3}>{closed ? t("admin.slots.days.closed", { name: day.holiday }) : t("admin.slots.days.noWindows")}</td>
                </tr>
              )}
              {shown.map((slot, index) => (
                <SlotRow
                  key={`${slot.id}-${slot.ownCapacity}`}
                  slot={slot}
                  day={day}
                  first={!closed && index === 0}
                  count={shown.length}
                  busy={change.busy}
                  onSet={change.submit}
                />
              ))}
            </tbody>
          );
        })}
      </table>
    );

  return (
    <section className="admin-slots__card admin-slots__coming" aria-labelledby="coming-days-title">
      <h2 id="coming-days-title">{t("admin.slots.days.title")}</h2>
      <p className="admin-slots__hint">{t("admin.slots.days.hint")}</p>
      {notice?.warning && (
        <MoveOrders
          key={`${notice.warning.message}|${notice.warning.orders.join(",")}`}
          warning={notice.warning}
          onMoved={(answer) => days.setData({ days: answer.days, warning: null })}
        />
      )}
      {notice && !notice.warning && <Message variant={notice.variant}>{notice.text}</Message>}
      {body}
    </section>
  );
}
