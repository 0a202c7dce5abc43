/**
 * How a procedure call ended, as one comparable string: "ok", the i18n key of a refusal, or
 * the first field error of a refused input as `path:messageKey`. Tests compare it with
 * `toBe`, so a wrong refusal shows which one it was.
 */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  const e = await refused(promise);
  if (!e) return "ok";
  if (e.key) return e.key;
  const issue = e.cause?.issues?.[0];
  if (issue) return `${issue.path.join(".")}:${issue.message}`;
  throw e;
}

/** What tests read of a refusal: its i18n key and params, its code, a refused input's issues. */
interface Refusal {
  key?: string;
  code?: string;
  params?: Record<string, unknown>;
  cause?: { issues?: { path: PropertyKey[]; message: string }[] };
}

/** The error a call failed with, or null when it succeeded. */
async function refused(call: Promise<unknown>): Promise<Refusal | null> {
  try {
    await call;
    return null;
  } catch (error) {
    return error as Refusal;
  }
}

/** The error a call was refused with; a call that succeeds fails the test. */
export async function errorOf(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a refusal");
}

/** Every field error of a refused input, as `path:messageKey`. */
export function issues(error: unknown) {
  const cause = (error as { cause?: { issues?: { path: PropertyKey[]; message: string }[] } })
    .cause;
  return (cause?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);
}

/**
 * How a call ended, for tests that compare a whole refusal with `toEqual`: "ok"; a refused
 * input as { "path.to.field": messageKey } (every field, by its full path); otherwise the
 * refusal's i18n key (with its params when it has any), or the code of a refusal that has no
 * key of its own.
 */
export async function refusal(call: Promise<unknown>) {
  const e = await refused(call);
  if (!e) return "ok";
  if (e.cause?.issues) {
    return Object.fromEntries(e.cause.issues.map((i) => [i.path.map(String).join("."), i.message]));
  }
  if (!e.key) return e.code;
  return e.params && Object.keys(e.params).length > 0 ? { key: e.key, params: e.params } : e.key;
}
