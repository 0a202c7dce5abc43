/**
 * Whether a procedure's refusal means "there is no such thing": an unknown id, another member's
 * record, a feature switched off (NOT_FOUND), or an id that is not even the shape of one (the
 * input schemas refuse it with the message "notFound").
 */
export function isNotFound(error: unknown): boolean {
  const e = error as { code?: string; cause?: { issues?: { message: string }[] } };
  if (e?.code === "NOT_FOUND") return true;
  const issues = e?.code === "BAD_REQUEST" ? e.cause?.issues : undefined;
  return !!issues?.length && issues.every((i) => i.message === "notFound");
}

/**
 * Runs a procedure a page cannot do without; "not found" becomes the 404 page instead of an
 * error.
 */
export async function orNotFound<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isNotFound(error)) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
