import KeyIcon from "@heroicons/react/20/solid/KeyIcon";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { runPasskey } from "#app/lib/passkey";
import { FormErrorAlert } from "#app/components/ui/Alert";
import { buttonClass } from "#app/components/ui/button";

/**
 * Signs in with a passkey: alone on the login page (passwordless), or as the second step
 * after a password; or steps a signed-in session up (`reauth`). On success the whole page
 * loads again (at the target after a sign-in), so every loader sees the new state.
 */
export function PasskeyButton({
  ceremony,
  redirect,
  label,
}: {
  ceremony: "login" | "second-factor" | "reauth";
  redirect?: string;
  label: string;
}) {
  const { t } = useTranslation("auth");
  const [busy, setBusy] = useState(false);
  const [errorKey, setErrorKey] = useState<string | null>(null);

  async function signIn() {
    setBusy(true);
    setErrorKey(null);
    const outcome = await runPasskey<{ redirectTo?: string }>(ceremony, { redirect });
    if (outcome.ok) {
      if (outcome.data.redirectTo) window.location.assign(outcome.data.redirectTo);
      else window.location.reload();
      return;
    }
    setErrorKey(outcome.key);
    setBusy(false);
  }

  return (
    <div className="space-y-3" data-testid={`passkey-${ceremony}`}>
      <FormErrorAlert error={errorKey ? { key: errorKey, params: null, fieldErrors: {} } : null} />
      <button
        type="button"
        onClick={() => void signIn()}
        disabled={busy}
        aria-busy={busy}
        className={buttonClass({ variant: "secondary", className: "w-full gap-2" })}
      >
        <KeyIcon className="h-5 w-5" aria-hidden="true" />
        {busy ? t("notices.passkeyWorking") : label}
      </button>
    </div>
  );
}
