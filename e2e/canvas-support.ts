/** What the engine-build specs (look-alike fixtures and real published builds) read of a game's canvases. */
import type { Frame } from '@playwright/test';
import sharp from 'sharp';

/**
 * How many colours the page's game canvases show, read in an animation frame after the game's own
 * (a WebGL canvas is cleared once its frame is shown): 0 for a blank canvas, 1 for a plain fill.
 */
export function canvasColours(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const sample = document.createElement('canvas');
      sample.width = 64;
      sample.height = 64;
      const context = sample.getContext('2d')!;
      const colours = new Set<string>();
      for (const canvas of document.querySelectorAll('canvas')) {
        const box = canvas.getBoundingClientRect();
        if (box.width < 32 || box.height < 32) continue;
        context.clearRect(0, 0, 64, 64);
        context.drawImage(canvas, 0, 0, 64, 64);
        const pixels = context.getImageData(0, 0, 64, 64).data;
        for (let i = 0; i < pixels.length; i += 4) if (pixels[i + 3]) colours.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`);
      }
      resolve(colours.size);
    });
  });
}

/**
 * How many colours `frame`'s game canvases show on screen, from a screenshot of each: what a player
 * sees, also of a WebGL canvas whose engine draws only when something changes (Construct 2 on a still
 * menu), which canvasColours reads blank between two of its frames.
 */
export async function shownCanvasColours(frame: Frame): Promise<number> {
  let most = 0;
  // Handles, not locators: an engine may remove a canvas meanwhile, and a locator would wait for it.
  for (const canvas of await frame.$$('canvas')) {
    const box = await canvas.boundingBox();
    if (!box || box.width < 32 || box.height < 32) continue;
    const shot = await canvas.screenshot({ timeout: 5_000 }).catch(() => null);
    if (!shot) continue;
    // Nearest-neighbour sampling keeps the picture's own colours (no blends at its edges).
    const pixels = await sharp(shot).resize(64, 64, { fit: 'fill', kernel: 'nearest' }).removeAlpha().raw().toBuffer();
    const colours = new Set<string>();
    for (let i = 0; i < pixels.length; i += 3) colours.add(`${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`);
    most = Math.max(most, colours.size);
  }
  return most;
}
