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
