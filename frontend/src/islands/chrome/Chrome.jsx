export default function Chrome() {
  return null;
}
