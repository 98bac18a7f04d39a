import zlib from 'node:zlib';

export interface EncodedPage {
  plain: string;
  br: Buffer;
  gzip: Buffer;
}

/** The single-page app's HTML, compressed once per process (it is the same for every request). */
export function encodePage(html: string): EncodedPage {
  return {
    plain: html,
    br: zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: zlib.gzipSync(html, { level: 9 }),
  };
}

/** br, else gzip, when the request's Accept-Encoding takes it (q > 0); otherwise none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.slice(0, 200).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** dist/landing.json of the web build: per path, the chunks and styles its first paint needs. */
export type LandingTable = Record<string, { js: string[]; css: string[] }>;

const ASSET = /^\/assets\/[\w.-]+\.(js|css)$/;

/** The table if the build wrote a well-formed one (asset paths only); otherwise none. */
export function parseLandingTable(text: string | null): LandingTable {
  if (!text) return {};
  try {
    const raw = JSON.parse(text) as unknown;
    if (typeof raw !== 'object' || raw === null) return {};
    const table: LandingTable = {};
    for (const [route, entry] of Object.entries(raw)) {
      const { js, css } = (entry ?? {}) as { js?: unknown; css?: unknown };
      const list = (v: unknown) =>
        Array.isArray(v) ? v.filter((f): f is string => ASSET.test(String(f))) : [];
      if (route.startsWith('/')) table[route] = { js: list(js), css: list(css) };
    }
    return table;
  } catch {
    return {};
  }
}

/**
 * The page with preloads of a landing path's chunks and styles (docs/web.md § Page speed): the
 * browser fetches them beside the entry script, not after it has run. Styles are preloaded, not
 * applied: the chunk that needs them applies them, so nothing blocks the first paint.
 */
export function withPreloads(html: string, entry: { js: string[]; css: string[] }): string {
  const links = [
    ...entry.js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`),
    ...entry.css.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`),
  ].join('\n    ');
  return links && html.includes('</head>') ? html.replace('</head>', `    ${links}\n  </head>`) : html;
}
