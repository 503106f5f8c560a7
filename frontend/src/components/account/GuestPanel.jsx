// The guest's panel (spec section 2): three modes, login, register and forgot password. The
// header dropdown and the /login and /register pages show the same panel.
import { useState } from "react";
import ForgotPasswordForm from "./ForgotPasswordForm";
import LoginForm from "./LoginForm";
import RegisterForm from "./RegisterForm";

export const MODES = Object.freeze({ login: "login", register: "register", forgot: "forgot" });

export default function GuestPanel({ initialMode = MODES.login, onModeChange = () => {}, idPrefix = "panel", headingLevel = 2 }) {
  const [mode, setMode] = useState(initialMode);
  const switchTo = (next) => {
    setMode(next);
    onModeChange(next);
  };
  const shared = { headingLevel };
  return (
    <div className="guest-panel" data-mode={mode}>
      {mode === MODES.login && (
        <LoginForm
          {...shared}
          idPrefix={`${idPrefix}-login`}
          onRegister={() => switchTo(MODES.register)}
          onForgotPassword={() => switchTo(MODES.forgot)}
        />
      )}
      {mode === MODES.register && (
        <RegisterForm {...shared} idPrefix={`${idPrefix}-register`} onLogin={() => switchTo(MODES.login)} />
      )}
      {mode === MODES.forgot && (
        <ForgotPasswordForm {...shared} idPrefix={`${idPrefix}-forgot`} onLogin={() => switchTo(MODES.login)} />
      )}
    </div>
  );
}
