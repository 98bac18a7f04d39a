import { createRequire } from 'node:module';

/**
 * The Chinese font of every PDF the platform drafts (contract, commission statement): Noto Sans SC
 * from @embedpdf/fonts-sc. pdfkit embeds only the glyphs used (a subset), so a document is tens of
 * kilobytes and its text stays extractable (docs/delivery-contract.md "Contract PDF").
 */
const require = createRequire(import.meta.url);
export const PDF_FONT = require
  .resolve('@embedpdf/fonts-sc')
  .replace(/dist[/\\]index\.c?js$/, 'fonts/NotoSansHans-Regular.otf');
export const PDF_FONT_BOLD = PDF_FONT.replace('Regular', 'Medium');
