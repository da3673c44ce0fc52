import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';

/** The drawn size of the code, in CSS pixels: about 5 px a module, scannable from a phone held at arm's length. */
const QR_SIZE = 320;

/**
 * A pay code as a QR code on a canvas, drawn on the phone (no network). Black on white with the standard quiet zone
 * (4 modules), error correction M; it shrinks with a narrow screen, never grows past its drawn size.
 */
export function PayQr({ text, label }: { text: string; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    void QRCode.toCanvas(canvas, text, {
      errorCorrectionLevel: 'M',
      margin: 4,
      width: QR_SIZE,
      color: { dark: '#000000', light: '#ffffff' },
    }).then(() => {
      // The library writes a fixed CSS size; the style below lets the code shrink on a narrow screen instead.
      canvas.style.removeProperty('width');
      canvas.style.removeProperty('height');
    });
  }, [text]);
  return (
    <canvas
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="pay-qr"
      width={QR_SIZE}
      height={QR_SIZE}
      style={{ display: 'block', width: `min(100%, ${QR_SIZE}px)`, height: 'auto', imageRendering: 'pixelated' }}
    />
  );
}
