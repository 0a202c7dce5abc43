import { useTranslation } from "react-i18next";
import type { Viewer } from "#server/features/shell/service";
import { AppAnchor, useAppAnchorClick } from "./app-anchor";

// The entry's utilities are the `.footer-entry` component class (app/tailwind.css): the
// footer is on every page.
const entry = "footer-entry";

const DOCUMENTS = [
  { to: "/terms", key: "footer.terms" },
  { to: "/privacy", key: "footer.privacy" },
  { to: "/legal", key: "footer.legal" },
  { to: "/company", key: "footer.company" },
  { to: "/help", key: "footer.help" },
] as const;

/**
 * The calendar year in Tokyo, the service's time zone (the same on server and browser): today's
 * Tokyo offset (+9 h, unchanged since 1951) rather than Intl or server/domain/tokyo.ts, whose
 * time-zone data every page would load for one number; formatting the year through Intl was
 * still 0.8 % of a page's server CPU.
 */
function tokyoYear(): number {
  return new Date(Date.now() + 9 * 3_600_000).getUTCFullYear();
}

/**
 * Every page's footer (visitors, sign-in, members, the public rate card): the legal documents,
 * help, contact (the support chat for a member, the configured address for everyone else) and
 * the copyright line. On a phone the links wrap in small type, each still a 44 px target.
 */
export function Footer({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const member = viewer.user?.permission === "member";
  const onClick = useAppAnchorClick();
  return (
    <footer
      className="mt-8 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
      data-testid="footer"
    >
      <div className="container flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <nav aria-label={t("footer.label")}>
          <ul className="flex flex-wrap gap-x-4">
            {DOCUMENTS.map((d) => (
              <li key={d.to}>
                <AppAnchor href={d.to} className={entry} onClick={onClick}>
                  {t(d.key)}
                </AppAnchor>
              </li>
            ))}
            <li>
              {member ? (
                <AppAnchor
                  href="/users/chat"
                  className={entry}
                  data-testid="footer-contact"
                  onClick={onClick}
                >
                  {t("footer.contact")}
                </AppAnchor>
              ) : (
                <a
                  href={`mailto:${viewer.contactEmail}`}
                  className={entry}
                  data-testid="footer-contact"
                >
                  {t("footer.contact")}
                </a>
              )}
            </li>
          </ul>
        </nav>
        <p className="text-xs text-slate-500 dark:text-slate-400" suppressHydrationWarning>
          {/* The same in both languages; an interpolated translation cost this line as much as
              the rest of the footer on every page. */}
          {`© ${tokyoYear()} ${t("app.name")}`}
        </p>
      </div>
    </footer>
  );
}
