/** A field for choosing a password (register, reset, profile): labelled, hidden, never autofilled. */
export default function NewPasswordField({ id, label, value, onChange, required = false }) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={required}
      />
    </div>
  );
}
