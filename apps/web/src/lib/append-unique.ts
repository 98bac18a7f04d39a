/** Appends a page; a project already shown (a row moved between pages) is not shown twice. */
export function appendUnique<T extends { id: number }>(list: T[], more: T[]): T[] {
  const seen = new Set(list.map((p) => p.id));
  const out = list.slice();
  for (const p of more) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    out.push(p);
  }
  return out;
}
