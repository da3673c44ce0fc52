import jsQR from 'jsqr';
import { QR_BOX, slotOrigin, QR_OFFSET } from './pdf.js';

export { contentStreams } from '../../testing/pdf-text.js';

// Test support: reads back what the card PDF drew, without a PDF renderer. The page content streams are inflated
// (testing/pdf-text.ts) and the rectangles of the QR box of a card are painted on a bitmap, which jsQR decodes as a camera picture would.

/** The rectangles (`x y w h re`) of a content stream that lie inside the QR box of card `slot`. */
export function qrRectangles(content: string, slot = 0) {
  const origin = slotOrigin(slot);
  const box = { x: origin.x + QR_OFFSET.x, y: origin.y + QR_OFFSET.y };
  const rects: { x: number; y: number; w: number; h: number }[] = [];
  const pattern = /(-?[\d.]+) (-?[\d.]+) (-?[\d.]+) (-?[\d.]+) re/g;
  for (let m = pattern.exec(content); m; m = pattern.exec(content)) {
    const [x, y, w, h] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    if (x >= box.x - 0.01 && y >= box.y - 0.01 && x + w <= box.x + QR_BOX + 0.01 && y + h <= box.y + QR_BOX + 0.01)
      rects.push({ x: x - box.x, y: y - box.y, w, h });
  }
  return rects;
}

/** Paints the rectangles black on white at `scale` pixels a point and decodes the QR code; null when it cannot. */
export function decodeQr(rects: { x: number; y: number; w: number; h: number }[], scale = 4): string | null {
  const size = Math.ceil(QR_BOX * scale);
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const r of rects) {
    for (let py = Math.round(r.y * scale); py < Math.round((r.y + r.h) * scale); py += 1)
      for (let px = Math.round(r.x * scale); px < Math.round((r.x + r.w) * scale); px += 1) {
        const i = (py * size + px) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
  }
  return jsQR(pixels, size, size)?.data ?? null;
}
