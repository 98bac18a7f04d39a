// Files of the demo data: small real images stored the way an upload is (bytes, thumbnail, row).
import { type FilePurpose, purposeVisibility } from '@zl/shared';
import type { Tx } from '../db/client.ts';
import { randomToken } from '../lib/crypto.ts';
import { loadSharp } from '../lib/sharp.ts';
import { insertFile } from '../modules/file/file.repo.ts';
import { processImage } from '../modules/file/image.ts';
import { type FileStorage, newStorageKey } from '../modules/file/storage.ts';

/** Small real photos for the demo data: a coloured "booth" drawn with shapes (no text, no fonts). */
async function demoPhoto(hue: number, variant: number): Promise<Buffer> {
  const bg = `hsl(${hue}, 45%, 82%)`;
  const fg = `hsl(${hue}, 55%, 38%)`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
    <rect width="800" height="600" fill="${bg}"/>
    <rect x="0" y="430" width="800" height="170" fill="hsl(${hue}, 20%, 55%)"/>
    <rect x="${120 + variant * 40}" y="120" width="560" height="310" fill="${fg}" rx="12"/>
    <rect x="${170 + variant * 40}" y="170" width="220" height="140" fill="#ffffff" opacity="0.85"/>
    <circle cx="${560 + variant * 20}" cy="240" r="70" fill="#ffd666" opacity="0.9"/>
    <rect x="${200 + variant * 30}" y="450" width="400" height="40" fill="#ffffff" opacity="0.6"/>
  </svg>`;
  return (await loadSharp())(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** Stores a demo photo like a private upload of `ownerId` for `purpose`: bytes, thumbnail, row. */
export async function storeDemoPhoto(
  tx: Tx,
  storage: FileStorage | null,
  purpose: 'report' | 'idcard' | 'attachment',
  ownerId: number,
  name: string,
  hue: number,
  variant: number,
): Promise<string> {
  return storeDemoImage(tx, storage, purpose, ownerId, name, await demoPhoto(hue, variant));
}

/**
 * Stores a JPEG the way an upload of `ownerId` for `purpose` is stored (bytes, thumbnail, row;
 * public or private by the purpose). Without `storage` only the row is written.
 */
export async function storeDemoImage(
  tx: Tx,
  storage: FileStorage | null,
  purpose: FilePurpose,
  ownerId: number,
  name: string,
  jpeg: Buffer,
): Promise<string> {
  const image = await processImage(jpeg, 'image/jpeg');
  const key = newStorageKey('jpg');
  const thumbKey = key.replace(/\.[a-z]+$/, '_t.webp');
  if (storage) {
    await storage.put(key, image.data, 'image/jpeg');
    await storage.put(thumbKey, image.thumb, 'image/webp');
  }
  const row = await insertFile(tx, {
    id: randomToken(16),
    ownerMemberId: ownerId,
    visibility: purposeVisibility(purpose),
    purpose,
    mime: 'image/jpeg',
    size: image.data.length,
    width: image.width,
    height: image.height,
    storageKey: key,
    thumbKey,
    originalName: `${name}.jpg`,
  });
  return row.id;
}
