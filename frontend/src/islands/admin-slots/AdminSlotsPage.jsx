// Staff's delivery plan (/admin/slots): the coming days (booked against each date's capacity, a
// date's own capacity; ./ComingDays.jsx), the weekly windows (time, orders per window, the cut-off
// before the start, offered or not) and the holidays that close a day. Every rule (no overlap, end
// after start, a window with bookings is switched off rather than deleted) is the server's
// (delivery/services.py); each answer is the whole plan as it now stands, with a warning naming the
// orders booked on a day just closed and the offer to move them (./MoveOrders.jsx). Phone first: cards.
import { useState } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { api } from "../../lib/api";
import { formatDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";
import { useSubmit } from "../../lib/useSubmit";
import ComingDays from "./ComingDays";
import MoveOrders from "./MoveOrders";
import "./admin-slots.css";

// Monday is 0, as the server counts (orders.models.Weekday).
const WEEKDAY_KEYS = [
  "admin.slots.weekday.0",
  "admin.slots.weekday.1",
  "admin.slots.weekday.2",
  "admin.slots.weekday.3",
  "admin.slots.weekday.4",
  "admin.slots.weekday.5",
  "admin.slots.weekday.6",
];
const WEEKDAYS = WEEKDAY_KEYS.map((_, day) => day);

function WindowRow({ window: row, busy, onSave, onDelete }) {
  const t = useT();
  const [capacity, setCapacity] = useState(String(row.capacity));
  const [cutoffHours, setCutoffHours] = useState(String(row.cutoffHours));
  const [active, setActive] = useState(row.active);
  const id = (name) => `window-${row._id}-${name}`;
  return (
    <li className={`admin-slots__window${row.active ? "" : " admin-slots__window--off"}`}>
      <form
        className="admin-slots__row"
        onSubmit={(event) => {
          event.preventDefault();
          onSave(row, { capacity: Number(capacity), cutoffHours: Number(cutoffHours), active });
        }}
      >
        <strong className="admin-slots__time">
          {row.start}–{row.end}
        </strong>
        <div className="form-field">
          <label htmlFor={id("capacity")}>{t("admin.slots.capacity")}</label>
          <input id={id("capacity")} type="number" inputMode="numeric" min="1" required value={capacity} onChange={(event) => setCapacity(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor={id("cutoff")}>{t("admin.slots.cutoff")}</label>
          <input id={id("cutoff")} type="number" inputMode="numeric" min="0" required value={cutoffHours} onChange={(event) => setCutoffHours(event.target.value)} />
        </div>
        <label className="admin-slots__active">
          <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
          <span>{t("admin.slots.active")}</span>
        </label>
        <div className="admin-slots__actions">
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {t("admin.slots.save")}
          </button>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => onDelete(row)}>
            {t("admin.slots.delete")}
          </button>
        </div>
      </form>
    </li>
  );
}

function NewWindow({ busy, onAdd }) {
  const t = useT();
  const [fields, setFields] = useState({ weekday: "0", start: "07:00", end: "10:00", capacity: "20", cutoffHours: "2" });
  const change = (name) => (event) => setFields({ ...fields, [name]: event.target.value });
  return (
    <form
      className="admin-slots__card admin-slots__new"
      onSubmit={(event) => {
        event.preventDefault();
        onAdd({ ...fields, weekday: Number(fields.weekday), capacity: Number(fields.capacity), cutoffHours: Number(fields.cutoffHours) });
      }}
    >
      <h2>{t("admin.slots.add")}</h2>
      <div className="form-field">
        <label htmlFor="new-window-weekday">{t("admin.slots.day")}</label>
        <select id="new-window-weekday" value={fields.weekday} onChange={change("weekday")}>
          {WEEKDAYS.map((day) => (
            <option key={day} value={day}>
              {t(WEEKDAY_KEYS[day])}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor="new-window-start">{t("admin.slots.start")}</label>
        <input id="new-window-start" type="time" required value={fields.start} onChange={change("start")} />
      </div>
      <div className="form-field">
        <label htmlFor="new-window-end">{t("admin.slots.end")}</label>
        <input id="new-window-end" type="time" required value={fields.end} onChange={change("end")} />
      </div>
      <div className="form-field">
        <label htmlFor="new-window-capacity">{t("admin.slots.capacity")}</label>
        <input id="new-window-capacity" type="number" inputMode="numeric" min="1" required value={fields.capacity} onChange={change("capacity")} />
      </div>
      <div className="form-field">
        <label htmlFor="new-window-cutoff">{t("admin.slots.cutoff")}</label>
        <input id="new-window-cutoff" type="number" inputMode="numeric" min="0" required value={fields.cutoffHours} onChange={change("cutoffHours")} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {t("admin.slots.add")}
      </button>
    </form>
  );
}

function Holidays({ holidays, busy, onAdd, onRemove }) {
  const t = useT();
  const [date, setDate] = useState("");
  const [name, setName] = useState("");
  return (
    <section className="admin-slots__card admin-slots__holidays">
      <h2>{t("admin.slots.holidays")}</h2>
      {holidays.length === 0 ? (
        <p>{t("admin.slots.noHolidays")}</p>
      ) : (
        <ul className="admin-slots__holiday-list">
          {holidays.map((holiday) => (
            <li key={holiday._id}>
              <span>
                <strong>{formatDate(holiday.date)}</strong> {holiday.name}
              </span>
              <button type="button" className="btn" disabled={busy} onClick={() => onRemove(holiday)}>
                {t("admin.slots.reopen")}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="admin-slots__holiday-form"
        onSubmit={(event) => {
          event.preventDefault();
          onAdd({ date, name });
        }}
      >
        <div className="form-field">
          <label htmlFor="holiday-date">{t("admin.slots.holidayDate")}</label>
          <input id="holiday-date" type="date" required value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="form-field">
          <label htmlFor="holiday-name">{t("admin.slots.holidayName")}</label>
          <input id="holiday-name" type="text" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {t("admin.slots.addHoliday")}
        </button>
      </form>
    </section>
  );
}

export default function AdminSlotsPage() {
  const t = useT();
  const plan = useApi("/api/slots/windows");
  const [notice, setNotice] = useState(null);
  // Counts the plan's changes: the coming days read themselves again after each.
  const [version, setVersion] = useState(0);
  const change = useSubmit(
    async (path, method, body) => {
      setNotice(null);
      const answer = await api(path, { method, body });
      plan.setData(answer);
      setVersion((count) => count + 1);
      setNotice(answer.warning ? { warning: answer.warning } : { variant: "success", text: t("admin.slots.saved") });
    },
    { onError: (text) => setNotice({ variant: "danger", text }) },
  );
  const windows = plan.data?.windows ?? [];
  const holidays = plan.data?.holidays ?? [];
  const windowPath = (row) => `/api/slots/windows/${encodeURIComponent(row._id)}`;

  let body;
  if (plan.loading && !plan.data) body = <Loader />;
  else if (plan.error) body = <Message variant="danger">{plan.error}</Message>;
  else
    body = (
      <div className="admin-slots__layout">
        <section className="admin-slots__week">
          <ComingDays version={version} />
          <h2>{t("admin.slots.windows")}</h2>
          {windows.length === 0 && <Message variant="info">{t("admin.slots.none")}</Message>}
          {WEEKDAYS.filter((day) => windows.some((row) => row.weekday === day)).map((day) => (
            <div key={day} className="admin-slots__card admin-slots__day">
              <h3>{t(WEEKDAY_KEYS[day])}</h3>
              <ul className="admin-slots__windows">
                {windows
                  .filter((row) => row.weekday === day)
                  .map((row) => (
                    <WindowRow
                      key={`${row._id}-${row.capacity}-${row.cutoffHours}-${row.active}`}
                      window={row}
                      busy={change.busy}
                      onSave={(target, fields) => change.submit(windowPath(target), "PUT", fields)}
                      onDelete={(target) => change.submit(windowPath(target), "DELETE")}
                    />
                  ))}
              </ul>
            </div>
          ))}
        </section>
        <aside className="admin-slots__side">
          <NewWindow busy={change.busy} onAdd={(fields) => change.submit("/api/slots/windows", "POST", fields)} />
          <Holidays
            holidays={holidays}
            busy={change.busy}
            onAdd={(fields) => change.submit("/api/slots/holidays", "POST", fields)}
            onRemove={(holiday) => change.submit(`/api/slots/holidays/${encodeURIComponent(holiday._id)}`, "DELETE")}
          />
        </aside>
      </div>
    );

  return (
    <div className="admin-slots">
      <h1>{t("admin.slots.title")}</h1>
      {notice?.warning && (
        <MoveOrders
          key={`${notice.warning.message}|${notice.warning.orders.join(",")}`}
          warning={notice.warning}
          onMoved={() => setVersion((count) => count + 1)}
        />
      )}
      {notice && !notice.warning && <Message variant={notice.variant}>{notice.text}</Message>}
      {body}
    </div>
  );
}
