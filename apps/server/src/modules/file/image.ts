import { type FileMime, IMAGE_MAX_PX, THUMB_PX } from '@zl/shared';
import { AppError } from '../../lib/errors.ts';
import { loadSharp } from '../../lib/sharp.ts';

/** Decompression bombs: a small file that claims a huge canvas is refused before decoding it. */
const MAX_INPUT_PIXELS = 50_000_000;

/**
 * The type of a file from its first bytes. The filename extension and the client's Content-Type
 * are never consulted: only what the bytes are decides.
 */
export function sniffMime(buf: Buffer): FileMime | null {
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'image/jpeg';
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (buf.length >= 12 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  if (buf.length >= 5 && buf.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return null;
}

export interface ProcessedImage {
  data: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Re-encodes an image in its own format: EXIF orientation applied, then every metadata block
 * (EXIF with its GPS position, XMP, comments) dropped — sharp keeps none unless told to. What
 * comes out is what the server made, so a polyglot file cannot ride along.
 */
export async function processImage(input: Buffer, mime: FileMime): Promise<ProcessedImage> {
  const sharp = await loadSharp();
  try {
    const pipeline = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: IMAGE_MAX_PX, height: IMAGE_MAX_PX, fit: 'inside', withoutEnlargement: true });
    const encoded =
      mime === 'image/jpeg'
        ? pipeline.jpeg({ quality: 85, mozjpeg: true })
        : mime === 'image/png'
          ? pipeline.png({ compressionLevel: 9 })
          : pipeline.webp({ quality: 85 });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const thumb = await sharp(data)
      .resize({ width: THUMB_PX, height: THUMB_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return { data, thumb, width: info.width, height: info.height };
  } catch (err) {
    const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
    throw new AppError('FILE_TYPE_NOT_ALLOWED', {
      message: tooBig
        ? '图片尺寸过大（超过 5000 万像素），请缩小后再上传'
        : '图片已损坏或无法识别，请换一张图片',
      cause: err,
    });
  }
}
