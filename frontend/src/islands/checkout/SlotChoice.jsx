// The delivery time (issue 26): the next days' slots as the server offers them (GET /api/slots,
// orders/slots.py decides every state: open with places left, full, closed at the cut-off, a
// holiday), grouped by day. Only open slots can be chosen; the others show the server's reason.
// Nothing shows when the shop defines no slots (the server then places orders without one).
import { useEffect } from "react";
import Loader from "../../components/Loader";
import Message from "../../components/Message";
import { useT } from "../../lib/i18n";
import { useApi } from "../../lib/useApi";

/** The slots by day, in the server's order: [{day, slots}]. */
export function slotDays(slots = []) {
  const days = [];
  for (const slot of slots) {
    const last = days[days.length - 1];
    if (last && last.date === slot.date) last.slots.push(slot);
    else days.push({ date: slot.date, day: slot.dayLabel, slots: [slot] });
  }
  return days;
}

/** The chosen slot if it is still open, else the first open one, else "". */
export function slotToChoose(slots = [], chosen = "") {
  const open = slots.filter((slot) => slot.choosable);
  return (open.find((slot) => slot.id === chosen) ?? open[0])?.id ?? "";
}

/**
 * `value` is the chosen slot's id; `onChange(id)` reports a choice. `version` reloads the slots
 * (after a refusal because the slot filled up).
 */
export default function SlotChoice({ value, onChange, version = 0 }) {
  const t = useT();
  const { data, loading, error, reload } = useApi("/api/slots");

  useEffect(() => {
    if (version) reload();
  }, [version]); // eslint-disable-line react-hooks/exhaustive-deps

  const slots = data?.slots ?? [];
  const choice = slotToChoose(slots, value);
  useEffect(() => {
    if (data && choice !== value) onChange(choice);
  }, [data, choice]); // eslint-disable-line react-hooks/exhaustive-deps

  if (loading && !data) return <Loader />;
  if (error) return <Message variant="danger">{error}</Message>;
  if (!data?.enabled) return null;
  return (
    <section className="checkout-card">
      <fieldset className="slot-choice">
        <legend>{t("slots.title")}</legend>
        {!choice && <Message variant="warning">{t("slots.noneFree")}</Message>}
        {slotDays(slots).map((day) => (
          <div key={day.date} className="slot-choice__day">
            <h3 className="slot-choice__date">{day.day}</h3>
            <div className="slot-choice__times">
              {day.slots.map((slot) => (
                <label
                  key={slot.id}
                  className={`slot-choice__slot${slot.choosable ? "" : " slot-choice__slot--off"}`}
                >
                  <input
                    type="radio"
                    name="deliverySlot"
                    value={slot.id}
                    disabled={!slot.choosable}
                    checked={value === slot.id}
                    onChange={() => onChange(slot.id)}
                  />
                  <span className="slot-choice__time">{slot.timeLabel}</span>
                  <span className="slot-choice__note">
                    {slot.choosable ? t("slots.placesLeft", { count: slot.placesLeft }) : slot.reason}
                  </span>
                </label>
              ))}
            </div>
          </div>
        ))}
      </fieldset>
    </section>
  );
}
