import type { DbOrTx } from '../../db/client.ts';
import { shareTags } from './company-public.ts';

/**
 * The page /show?id=<cardno> as a link preview sees it (docs/showroom.md § Sharing): WeChat's
 * crawler runs no script, so the server fills `<title>`, the description and the Open Graph tags
 * of the single-page app's HTML for that supplier. Every value is HTML-escaped.
 */

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The 8-digit member number of `/show?id=…`, or null. */
export function showCardno(url: string): string | null {
  const q = url.indexOf('?');
  if (q < 0) return null;
  const id = new URLSearchParams(url.slice(q + 1, q + 1 + 200)).get('id') ?? '';
  return /^\d{8}$/.test(id) ? id : null;
}

/** `html` (the app's page) with the supplier's title and preview tags; null = serve the plain page. */
export async function showPageHtml(
  db: DbOrTx,
  html: string,
  cardno: string,
  publicBaseUrl: string,
): Promise<string | null> {
  const tags = await shareTags(db, cardno);
  if (!tags) return null;
  const title = escapeHtml(tags.title);
  const description = escapeHtml(tags.description);
  const url = `${publicBaseUrl}/show?id=${cardno}`;
  const meta = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    ...(tags.image
      ? [`<meta property="og:image" content="${escapeHtml(publicBaseUrl + tags.image)}" />`]
      : []),
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    )
    .replace('</head>', () => `  ${meta}\n  </head>`);
}
