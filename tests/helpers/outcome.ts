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
