/**
 * What the upgrade kit's parts share: where it works (UPGRADE_PORT, UPGRADE_CACHE, UPGRADE_DIR),
 * the checks it records and the processes it has running, which it kills when it ends.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const PORT = Number(process.env.UPGRADE_PORT ?? 4750);
export const ORIGIN = `http://127.0.0.1:${PORT}`;
export const CACHE =
  process.env.UPGRADE_CACHE ?? path.join(homedir(), ".cache/cashback-portal/releases");
export const DIR = process.env.UPGRADE_DIR ?? mkdtempSync(path.join(tmpdir(), "upgrade-test-"));
export const CURRENT = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    version: string;
  }
).version;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}
export const checks: Check[] = [];
export const running = new Set<ChildProcess>();

export function check(name: string, ok: boolean, detail = "") {
  checks.push({ name, ok, detail });
  process.stdout.write(`${ok ? "ok  " : "FAIL"} ${name}${detail ? `: ${detail}` : ""}\n`);
}

export function say(message: string) {
  process.stdout.write(`upgrade: ${message}\n`);
}

/** Runs a command to its end within `seconds`, its output in `log`; throws naming it otherwise. */
export async function run(
  what: string,
  command: string,
  args: string[],
  options: { cwd: string; seconds: number; env?: NodeJS.ProcessEnv; log: string },
): Promise<void> {
  const started = Date.now();
  say(`${what} (at most ${options.seconds} s; output in ${options.log})`);
  const out = openSync(options.log, "a");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env ?? process.env,
    stdio: ["ignore", out, out],
  });
  running.add(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), options.seconds * 1000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  clearTimeout(timer);
  running.delete(child);
  const took = ((Date.now() - started) / 1000).toFixed(0);
  if (code !== 0) {
    const tail = readFileSync(options.log, "utf8").split("\n").slice(-15).join("\n");
    throw new Error(
      `${what} ${code === null ? `did not finish in ${options.seconds} s` : `exited ${code}`} after ${took} s:\n${tail}`,
    );
  }
  say(`${what}: done in ${took} s`);
}
