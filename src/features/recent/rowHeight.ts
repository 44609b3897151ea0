/**
 * The Continue playing row's height on this screen, kept on the device (localStorage
 * `recent_row`) so that public/boot.js can hold its room before the first paint, when the list
 * itself is not known yet: the row then fills the room it had, and nothing under it moves.
 * Remembered with the window's width: another width, another height, and no room is held.
 */
const KEY = 'recent_row';
/** The CSS property boot.js sets on <html>; the row's slot takes it as its least height. */
export const ROW_HEIGHT_PROPERTY = '--recent-row-height';

export function rememberRowHeight(height: number): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ width: window.innerWidth, height }));
  } catch {
    // Storage refused: the row moves the page as it comes, as before.
  }
}

export function forgetRowHeight(): void {
  document.documentElement.style.removeProperty(ROW_HEIGHT_PROPERTY);
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
