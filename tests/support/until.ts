/**
 * Polls `check` until it answers something truthy, and answers that; fails after `ms` naming
 * `what`. Tests wait on conditions with it, never on a fixed sleep (a busy CI machine is slow).
 */
export async function until<T>(check: () => Promise<T | false | null | undefined> | T | false | null | undefined, what = String(check), ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
