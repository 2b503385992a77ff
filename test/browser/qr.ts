/**
 * Reads the QR code a screen draws, as a phone's camera would: the SVG's modules painted into
 * pixels and decoded by an independent reader (jsQR), so the test proves what a scan opens.
 */
import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/** Pixels per module: a reader needs more than one to find the finder patterns. */
const SCALE = 4;

export async function scanQr(svg: Locator): Promise<string | null> {
  const viewBox = (await svg.getAttribute('viewBox'))!.split(' ').map(Number);
  const size = viewBox[2];
  const d = (await svg.locator('path').getAttribute('d'))!;
  const side = size * SCALE;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < SCALE; dy++) {
      for (let dx = 0; dx < SCALE; dx++) {
        const at = ((Number(y) * SCALE + dy) * side + Number(x) * SCALE + dx) * 4;
        pixels[at] = pixels[at + 1] = pixels[at + 2] = 0;
      }
    }
  }
  return jsQR(pixels, side, side)?.data ?? null;
}
