import { LineStandin } from "./line-standin";

/**
 * The LINE stand-in as its own process, for the end-to-end web server (playwright.config.ts
 * points LINE_API_BASE_URL and LINE_LOGIN_BASE_URL here). Port from LINE_STANDIN_PORT.
 */
const port = Number(process.env.LINE_STANDIN_PORT ?? 3190);
const standin = new LineStandin();
await standin.start(port);
process.stdout.write(`LINE stand-in listening on ${standin.url}\n`);
const stop = () => void standin.stop().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
