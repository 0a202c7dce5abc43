/** Where the end-to-end server listens and keeps its data; shared by the config and fixtures. */
// E2E_PORT and E2E_LINE_PORT move both servers, so two checkouts can run their suites at once.
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_SQLITE_PATH = "data/e2e/portal.sqlite";
/** Where the e2e server writes its mails (no SMTP_URL); inside data/e2e, so each run starts empty. */
export const E2E_MAIL_DIR = "data/e2e/mail";
/** The LINE stand-in (tests/helpers/line-standin-server.ts) the e2e server's LINE URLs point at. */
export const E2E_LINE_PORT = Number(process.env.E2E_LINE_PORT ?? 3190);
export const E2E_LINE_URL = `http://127.0.0.1:${E2E_LINE_PORT}`;
