/** The loading screen: the shop's logo, centred and spinning. */
export default function Loader({ fullScreen = false }) {
  return (
    <div className={fullScreen ? "loader loader--full" : "loader"}>
      <img className="loader__logo" src="/static/img/logo.svg" alt="Loading..." width="64" height="64" />
    </div>
  );
}
