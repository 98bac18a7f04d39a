/**
 * The order centre's keyword (docs/marketplace.md § searchList): words separated by spaces (half-
 * or full-width), each of which must appear in the title, the city or the venue (展馆地址) — all
 * words, in any of those fields. zod-free: the hall's page checks it before asking.
 */
export const SEARCH_MAX_TERMS = 5;

/** The distinct words of a keyword, in order (empty: no keyword). */
export function keywordTerms(keyword: string | undefined | null): string[] {
  const out: string[] = [];
  for (const t of (keyword ?? '').split(/\s+/u)) if (t && !out.includes(t)) out.push(t);
  return out;
}

/**
 * Why a keyword cannot be searched, or null. At least one word of 2+ characters (a single
 * character matches almost everything and no index can answer it); at most SEARCH_MAX_TERMS words.
 */
export function keywordProblem(keyword: string): string | null {
  const terms = keywordTerms(keyword);
  if (terms.length === 0) return null;
  if (!terms.some((t) => [...t].length >= 2)) return '关键词至少 2 个字';
  if (terms.length > SEARCH_MAX_TERMS) return `最多 ${SEARCH_MAX_TERMS} 个关键词，请用空格分隔`;
  return null;
}
