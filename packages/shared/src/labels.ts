/**
 * The code → label record of a numeric code table whose codes run 0, 1, 2 …: `labels[i]` names
 * code i. The type asks for a label for every code.
 */
export function labelsByCode<C extends number>(labels: Record<C, string>): Record<C, string> {
  return { ...labels };
}
