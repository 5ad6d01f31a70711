/// <reference lib="dom" />
// Page functions run in Chromium: they need the DOM types.
import type { Page } from 'playwright-core';

export interface PixelDiff {
  readonly width: number;
  readonly height: number;
  /** Pixels whose RGBA differs by more than `threshold` in any channel. */
  readonly differing: number;
  readonly ratio: number;
}

/**
 * Compares two PNGs decoded by Chromium itself (no image library is installed): both are drawn on a
 * canvas in `page` and their RGBA compared channel by channel. Antialiasing noise stays under the
 * per-channel threshold; a moved, missing or recoloured element does not.
 */
export async function diffPngs(
  page: Page,
  actual: Buffer,
  reference: Buffer,
  threshold = 40,
): Promise<PixelDiff> {
  return page.evaluate(
    async ({ a, b, threshold: t }) => {
      const decode = async (base64: string): Promise<ImageData> => {
        const blob = await (await fetch(`data:image/png;base64,${base64}`)).blob();
        const bitmap = await createImageBitmap(blob, {
          premultiplyAlpha: 'none',
          colorSpaceConversion: 'none',
        });
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(0, 0, bitmap.width, bitmap.height);
      };
      const [x, y] = await Promise.all([decode(a), decode(b)]);
      if (x.width !== y.width || x.height !== y.height) {
        return { width: x.width, height: x.height, differing: x.width * x.height, ratio: 1 };
      }
      let differing = 0;
      for (let i = 0; i < x.data.length; i += 4) {
        for (let c = 0; c < 4; c += 1) {
          if (Math.abs((x.data[i + c] ?? 0) - (y.data[i + c] ?? 0)) > t) {
            differing += 1;
            break;
          }
        }
      }
      return { width: x.width, height: x.height, differing, ratio: differing / (x.width * x.height) };
    },
    { a: actual.toString('base64'), b: reference.toString('base64'), threshold },
  );
}

/** Alpha of the pixel at (x, y) of a PNG, decoded by Chromium. */
export async function pngAlphaAt(page: Page, png: Buffer, x: number, y: number): Promise<number> {
  return page.evaluate(
    async ({ data, x: px, y: py }) => {
      const blob = await (await fetch(`data:image/png;base64,${data}`)).blob();
      const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none' });
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(bitmap, 0, 0);
      return context.getImageData(px, py, 1, 1).data[3] ?? -1;
    },
    { data: png.toString('base64'), x, y },
  );
}
