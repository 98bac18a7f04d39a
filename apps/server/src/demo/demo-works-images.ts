// Pictures of the demo supplier's designs and services (docs/works.md "Demo"): a booth drawn with
// shapes, its title written in Noto Sans SC (the font the contract PDF uses), stored like an upload.
import { createRequire } from 'node:module';
import type { Tx } from '../db/client.ts';
import { randomToken } from '../lib/crypto.ts';
import { loadSharp } from '../lib/sharp.ts';
import { insertFile } from '../modules/file/file.repo.ts';
import { processImage } from '../modules/file/image.ts';
import { type FileStorage, newStorageKey } from '../modules/file/storage.ts';

const require = createRequire(import.meta.url);
const FONT = require
  .resolve('@embedpdf/fonts-sc')
  .replace(/dist[/\\]index\.c?js$/, 'fonts/NotoSansHans-Medium.otf');

const W = 1200;
const H = 800;

/** A booth in perspective: floor, back and side walls, a screen, lights, a counter, plants. */
function boothSvg(hue: number, variant: number): string {
  const wall = `hsl(${hue}, 55%, 42%)`;
  const wallDark = `hsl(${hue}, 55%, 30%)`;
  const accent = `hsl(${(hue + 40) % 360}, 85%, 62%)`;
  const shift = variant * 70;
  const plants =
    variant % 2 === 0
      ? `<circle cx="${930 - shift}" cy="520" r="46" fill="hsl(130, 45%, 38%)"/>
         <circle cx="${975 - shift}" cy="540" r="34" fill="hsl(130, 50%, 45%)"/>
         <rect x="${925 - shift}" y="560" width="60" height="50" fill="#6b4f3a"/>`
      : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${hue}, 30%, 92%)"/><stop offset="1" stop-color="hsl(${hue}, 25%, 80%)"/>
      </linearGradient>
      <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="hsl(${hue}, 15%, 70%)"/><stop offset="1" stop-color="hsl(${hue}, 15%, 55%)"/>
      </linearGradient>
    </defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <polygon points="80,640 1120,640 1000,470 200,470" fill="url(#floor)"/>
    <rect x="200" y="130" width="800" height="340" fill="${wall}"/>
    <polygon points="200,130 80,190 80,640 200,470" fill="${wallDark}"/>
    <rect x="${270 + shift}" y="180" width="360" height="200" rx="6" fill="#10131a"/>
    <rect x="${285 + shift}" y="195" width="330" height="170" fill="${accent}" opacity="0.75"/>
    <rect x="${690 - shift / 2}" y="190" width="240" height="28" fill="#ffffff" opacity="0.9"/>
    <rect x="${690 - shift / 2}" y="232" width="180" height="16" fill="#ffffff" opacity="0.6"/>
    <circle cx="${800 - shift / 2}" cy="320" r="52" fill="#ffd666" opacity="0.9"/>
    <rect x="${420 - shift / 3}" y="500" width="300" height="90" rx="8" fill="#f5f5f5"/>
    <rect x="${420 - shift / 3}" y="500" width="300" height="16" rx="6" fill="${accent}"/>
    <rect x="150" y="100" width="900" height="30" fill="${wallDark}"/>
    ${[0, 1, 2, 3, 4].map((i) => `<circle cx="${260 + i * 170}" cy="115" r="8" fill="#fffbe6"/>`).join('')}
    ${plants}
    <rect x="0" y="${H - 120}" width="${W}" height="120" fill="#000000" opacity="0.55"/>
  </svg>`;
}

/** White text rendered with the bundled font (no system fonts needed). */
async function textImage(text: string, size: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const safe = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return sharp({
    text: {
      text: `<span foreground="white">${safe}</span>`,
      font: `Noto Sans Hans ${size}`,
      fontfile: FONT,
      rgba: true,
      dpi: 72,
    },
  })
    .png()
    .toBuffer();
}

export async function demoWorkImage(title: string, subtitle: string, hue: number, variant: number) {
  const [big, small] = await Promise.all([textImage(title, 44), textImage(subtitle, 24)]);
  return (await loadSharp())(Buffer.from(boothSvg(hue, variant)))
    .composite([
      { input: big, left: 48, top: H - 108 },
      { input: small, left: 50, top: H - 48 },
    ])
    .webp({ quality: 82 })
    .toBuffer();
}

/** Stores a rendered picture as a public upload of `ownerId` for `purpose`: bytes, thumbnail, row. */
export async function storeDemoWorkImage(
  tx: Tx,
  storage: FileStorage,
  ownerId: number,
  purpose: 'design' | 'service',
  name: string,
  bytes: Buffer,
): Promise<string> {
  const image = await processImage(bytes, 'image/webp');
  const key = newStorageKey('webp');
  const thumbKey = key.replace(/\.[a-z]+$/, '_t.webp');
  await storage.put(key, image.data, 'image/webp');
  await storage.put(thumbKey, image.thumb, 'image/webp');
  const row = await insertFile(tx, {
    id: randomToken(16),
    ownerMemberId: ownerId,
    visibility: 'public',
    purpose,
    mime: 'image/webp',
    size: image.data.length,
    width: image.width,
    height: image.height,
    storageKey: key,
    thumbKey,
    originalName: `${name}.webp`,
  });
  return row.id;
}
