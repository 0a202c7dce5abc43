import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { focusRing } from "#app/components/shell/styles";

/** The popup's message to the login page: where to go now. */
export const LINE_SIGN_IN_MESSAGE = "line-sign-in";

/**
 * 「LINEでログイン」: a link to /login/line/start. On a desktop (a wide screen and a fine
 * pointer) it opens LINE in a 500×600 window and the page follows when the window reports
 * back; on a phone, or when the window is blocked, the link is followed in place.
 */
export function LineSignInButton({ redirect }: { redirect: string }) {
  const { t } = useTranslation("auth");
  const query = new URLSearchParams(redirect ? { redirect } : {});
  const href = `/login/line/start${query.size ? `?${query}` : ""}`;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only our own popup, from our own origin, may move this page, and only within the site.
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: unknown; to?: unknown } | null;
      if (data?.type !== LINE_SIGN_IN_MESSAGE || typeof data.to !== "string") return;
      if (!data.to.startsWith("/") || data.to.startsWith("//")) return;
      window.location.assign(data.to);
    };
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, []);

  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    const desktop = window.matchMedia("(min-width: 768px) and (pointer: fine)").matches;
    if (!desktop || event.metaKey || event.ctrlKey || event.shiftKey) return;
    const left = Math.max(0, window.screenX + (window.outerWidth - 500) / 2);
    const top = Math.max(0, window.screenY + (window.outerHeight - 600) / 2);
    const popup = window.open(
      `${href}${query.size ? "&" : "?"}popup=1`,
      "line-login",
      `width=500,height=600,left=${left},top=${top}`,
    );
    if (popup) event.preventDefault();
  };

  return (
    <a
      href={href}
      onClick={onClick}
      className={`inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-[#05873a] px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-[#046c2e] ${focusRing}`}
      data-testid="line-sign-in"
      title={t("line.popupHint")}
    >
      {t("line.button")}
    </a>
  );
}
