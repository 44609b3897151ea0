/**
 * Runs `change`, which mounts controls again and must update the page before it returns, and puts
 * the keyboard focus back on the control that now stands where the focused one stood: the old node
 * leaves the page with the focus, and a keyboard user's place was lost.
 */
export function keepingFocus(change: () => void): void {
  const focused = document.activeElement;
  // Where it stands: its place among its parent's children, from the body down.
  const path: number[] = [];
  for (let node = focused; node?.parentElement && node !== document.body; node = node.parentElement) {
    path.unshift(Array.prototype.indexOf.call(node.parentElement.children, node));
  }
  change();
  if (!focused || focused === document.body || focused.isConnected || document.activeElement !== document.body) return;
  let standing: Element | undefined = document.body;
  for (const index of path) standing = standing?.children[index];
  if (standing instanceof HTMLElement) standing.focus({ preventScroll: true });
}
