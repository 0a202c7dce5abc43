/** The most values one `in (…)` list holds here: both engines take it, and a statement stays small. */
export const IN_LIST_MAX = 1000;

/**
 * What `read` returns for all of `values`, read IN_LIST_MAX at a time: a long list (a batch's
 * members, a year's movements) becomes several statements instead of one unbounded IN list.
 */
export async function readInLists<V, R>(
  values: readonly V[],
  read: (list: V[]) => Promise<R[]>,
): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += IN_LIST_MAX) {
    rows.push(...(await read(values.slice(i, i + IN_LIST_MAX))));
  }
  return rows;
}
