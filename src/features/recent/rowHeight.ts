/**
 * The Continue playing row's height, kept on the device (localStorage `recent_row`: [width,
 * height] pairs, the latest last) so that public/boot.js can hold its room before the first paint,
 * when the list itself is not known yet: the row then fills the room it had, and nothing under it
 * moves. Another window width, another height: a few are kept (a tablet turned, a window
 * resized), and a width not among them gets no room held.
 */
const KEY = 'recent_row';
/** The CSS property boot.js sets per width (its <style id="recent-row-room">); the row's slot takes it as its least height. */
export const ROW_HEIGHT_PROPERTY = '--recent-row-height';
const ROOM_STYLE_ID = 'recent-row-room';
const WIDTHS_KEPT = 4;

type HeightAtWidth = [width: number, height: number];

function keptHeights(): HeightAtWidth[] {
  try {
    const kept: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    // An older version kept one { width, height }: not a list, so dropped.
    if (Array.isArray(kept)) return kept.filter((pair): pair is HeightAtWidth => Array.isArray(pair) && pair.length === 2 && pair.every((n) => typeof n === 'number'));
  } catch {
    // Unreadable: start again.
  }
  return [];
}

export function rememberRowHeight(height: number): void {
  const width = window.innerWidth;
  const heights = keptHeights();
  const latest = heights.at(-1);
  if (latest && latest[0] === width && latest[1] === height) return;
  const kept = [...heights.filter(([keptWidth]) => keptWidth !== width), [width, height] satisfies HeightAtWidth].slice(-WIDTHS_KEPT);
  try {
    window.localStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused: the row moves the page as it comes, as before.
  }
}

export function forgetRowHeight(): void {
  document.getElementById(ROOM_STYLE_ID)?.remove();
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
