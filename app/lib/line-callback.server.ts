/**
 * What LINE Login's redirect back carries, as the callback procedures take it: the code and
 * the state, or the error LINE reports (a member who pressed Cancel). Absent ones are undefined.
 */
export function lineCallbackInput(request: Request) {
  const params = new URL(request.url).searchParams;
  const value = (name: string) => params.get(name) ?? undefined;
  return {
    code: value("code"),
    state: value("state"),
    error: value("error"),
    errorDescription: value("error_description"),
  };
}
