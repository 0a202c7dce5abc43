/**
 * How a procedure call ended, as one comparable string: "ok", the i18n key of a refusal, or
 * the first field error of a refused input as `path:messageKey`. Tests compare it with
 * `toBe`, so a wrong refusal shows which one it was.
 */
export async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (error) {
    const e = error as {
      key?: string;
      cause?: { issues?: { path: unknown[]; message: string }[] };
    };
    if (e.key) return e.key;
    const issue = e.cause?.issues?.[0];
    if (issue) return `${issue.path.join(".")}:${issue.message}`;
    throw error;
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
  try {
    await call;
    return "ok";
  } catch (error) {
    const e = error as {
      key?: string;
      code?: string;
      params?: Record<string, unknown>;
      cause?: { issues?: { path: PropertyKey[]; message: string }[] };
    };
    if (e.cause?.issues) {
      return Object.fromEntries(
        e.cause.issues.map((i) => [i.path.map(String).join("."), i.message]),
      );
    }
    if (!e.key) return e.code;
    return e.params && Object.keys(e.params).length > 0 ? { key: e.key, params: e.params } : e.key;
  }
}
