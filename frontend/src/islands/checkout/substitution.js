// The substitution choices the server offers (config.substitutionPreferences, orders/rules.py):
// [{value, label}] in the page's language, the default first. No rule here, only where to read them.
import { config } from "../../lib/config";

export const substitutionChoices = (choices = config.substitutionPreferences) => choices ?? [];

/** The choice to start with: the server's default (its first), or "" when it offers none. */
export const defaultSubstitution = (choices = substitutionChoices()) => choices[0]?.value ?? "";
