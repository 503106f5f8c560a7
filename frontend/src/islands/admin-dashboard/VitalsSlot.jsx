// The place of the Core Web Vitals p75 table (issue 27's field-data part, branch vitals) on the
// dashboard: it renders nothing until that part is merged and draws its section here.
export default function VitalsSlot() {
  return null;
}
