/**
 * How often the event loop came round while `work` ran: a step that holds the thread for a
 * whole file lets it come round once at most, one that hands it back between pieces once a
 * piece. (Counts turns of the loop, not time.)
 */
export async function turnsDuring<T>(
  work: () => Promise<T> | T,
): Promise<{ turns: number; value: T }> {
  let turns = 0;
  let running = true;
  const spin = () => {
    if (!running) return;
    turns++;
    setImmediate(spin);
  };
  setImmediate(spin);
  const value = await work();
  running = false;
  return { turns, value };
}
