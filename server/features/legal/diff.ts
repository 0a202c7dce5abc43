import { diffLines } from "diff";

/**
 * Two versions of a document side by side, line against line, for the admin's check before
 * publishing. jsdiff finds the changed lines; a removed run and the added run after it are
 * paired row by row (the old line left, its replacement right). Unchanged stretches are cut to
 * a few lines around each change, the rest counted in one "skipped" row, so a two-line edit in a
 * long terms of use reads at a glance.
 */
export type DiffRow =
  | { kind: "same" | "changed" | "removed" | "added"; left: string | null; right: string | null }
  | { kind: "skipped"; lines: number };

const CONTEXT = 2;

function linesOf(value: string): string[] {
  const lines = value.split("\n");
  // A run ends with its line break: the empty string after it is not a line.
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export function sideBySide(before: string, after: string): DiffRow[] {
  const rows: Exclude<DiffRow, { kind: "skipped" }>[] = [];
  const changes = diffLines(before, after);
  for (let i = 0; i < changes.length; i++) {
    const change = changes[i]!;
    if (change.removed) {
      const removed = linesOf(change.value);
      const next = changes[i + 1];
      const added = next?.added ? linesOf(next.value) : [];
      if (next?.added) i++;
      for (let j = 0; j < Math.max(removed.length, added.length); j++) {
        const left = removed[j] ?? null;
        const right = added[j] ?? null;
        rows.push({
          kind: left !== null && right !== null ? "changed" : left !== null ? "removed" : "added",
          left,
          right,
        });
      }
    } else if (change.added) {
      for (const line of linesOf(change.value))
        rows.push({ kind: "added", left: null, right: line });
    } else {
      for (const line of linesOf(change.value))
        rows.push({ kind: "same", left: line, right: line });
    }
  }
  // Keep CONTEXT unchanged lines on each side of a change; count the others.
  const near = rows.map((row, i) =>
    rows.slice(Math.max(0, i - CONTEXT), i + CONTEXT + 1).some((other) => other.kind !== "same"),
  );
  const out: DiffRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (rows[i]!.kind !== "same" || near[i]) {
      out.push(rows[i]!);
      continue;
    }
    const last = out.at(-1);
    if (last?.kind === "skipped") last.lines++;
    else out.push({ kind: "skipped", lines: 1 });
  }
  return out;
}
