/** An alert box: variant "danger", "success", "info" or "warning". */
export default function Message({ variant = "info", children }) {
  return (
    <div className={`alert alert--${variant}`} role={variant === "danger" ? "alert" : "status"}>
      {children}
    </div>
  );
}
