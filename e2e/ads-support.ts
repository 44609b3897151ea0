import { expect, type Frame, type Page, type Request } from '@playwright/test';

/** What the ad specs share (issue #37): on a fresh portal the house provider fills every slot. */
export const AD_PAGES = ['/', '/categories', '/games/spot-kick'] as const;

/** The impressions the page reports (tRPC ads.impression, batched or not), with their inputs. */
export function recordImpressions(page: Page): { place: string; kind: string }[] {
  const seen: { place: string; kind: string }[] = [];
  page.on('request', (request: Request) => {
    if (!request.url().includes('ads.impression')) return;
    // httpBatchLink sends { "0": input, "1": input, … }.
    const body = request.postDataJSON() as Record<string, { place: string; kind: string }>;
    for (const input of Object.values(body)) seen.push({ place: input.place, kind: input.kind });
  });
  return seen;
}

/** Every slot of the page holds a house ad (a game card with Play), in a box of the expected size. */
export async function expectHouseFilled(page: Page, size: { width: number; height: number }): Promise<void> {
  const slots = page.locator('[data-ad-slot]');
  await expect(slots).not.toHaveCount(0);
  for (const slot of await slots.all()) {
    await expect(slot).toHaveAttribute('aria-label', 'Advertisement');
    await expect(slot.getByTestId('house-ad')).toBeAttached();
    await expect(slot.getByTestId('house-ad')).toContainText('Play');
    const box = await slot.boundingBox();
    expect({ width: Math.round(box!.width), height: Math.round(box!.height) }).toEqual(size);
  }
}

/** Resolves once the browser has told an IntersectionObserver whether the element is on screen. */
export function onScreen(page: Page, selector: string): Promise<boolean> {
  return page.locator(selector).evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve(Boolean(entry?.isIntersecting && entry.intersectionRatio >= 0.5));
        }, { threshold: [0, 0.5] });
        observer.observe(element);
      }),
  );
}

/**
 * Asks for a break as a game does on its own, with no tap in it. Playwright evaluates as a user
 * gesture, which leaves the frame's user activation on for 5 s (Chromium), so the call waits for a
 * message from the portal's page (whose activation does not reach the game's frame) sent once that
 * has run out. The answer is kept under `window[name]`.
 */
export async function askBreakUntapped(page: Page, frame: Frame, call: string, name = 'adAnswer'): Promise<void> {
  await frame.evaluate(
    ([expression, key]) => {
      const w = window as unknown as Record<string, unknown>;
      const ask = new Function(`return ${expression!}`) as () => Promise<unknown>;
      w[key!] = 'not asked';
      const onMessage = (event: MessageEvent) => {
        if (event.data !== `e2e-ask:${key!}`) return;
        window.removeEventListener('message', onMessage);
        w[key!] = 'pending';
        void ask().then((answer) => (w[key!] = answer));
      };
      window.addEventListener('message', onMessage);
    },
    [call, name],
  );
  // Real time (the page's clock may be a fake one): the activation's 5 s, and a margin.
  await page.waitForTimeout(6_000);
  const title = await frame.frameElement().then((element) => element.getAttribute('title'));
  await page.evaluate(([frameTitle, key]) => document.querySelector<HTMLIFrameElement>(`iframe[title="${frameTitle!}"]`)!.contentWindow!.postMessage(`e2e-ask:${key!}`, '*'), [title, name]);
}

/** Asks the game's SDK for a break from inside its frame; the answer is kept under `window[name]`. */
export async function askBreak(frame: Frame, call: string, name = 'adAnswer'): Promise<void> {
  await frame.evaluate(
    ([expression, key]) => {
      const w = window as unknown as Record<string, unknown>;
      w[key!] = 'pending';
      void (new Function(`return ${expression!}`)() as Promise<unknown>).then((answer) => {
        w[key!] = answer;
      });
    },
    [call, name],
  );
}

/** Counts the pauses and resumes the game's SDK hands it from now on; answers a reader of [pauses, resumes]. */
export async function countPauses(frame: Frame): Promise<() => Promise<number[]>> {
  await frame.evaluate(() => {
    const w = window as unknown as { pauses: number; resumes: number; PlayFree: { onPause(cb: () => void): void; onResume(cb: () => void): void } };
    w.pauses = 0;
    w.resumes = 0;
    w.PlayFree.onPause(() => w.pauses++);
    w.PlayFree.onResume(() => w.resumes++);
  });
  return () => frame.evaluate(() => [(window as unknown as { pauses: number }).pauses, (window as unknown as { resumes: number }).resumes]);
}

export function answerOf(frame: Frame, name = 'adAnswer'): Promise<unknown> {
  return frame.evaluate((key) => (window as unknown as Record<string, unknown>)[key], name);
}

/** Loads one of the portal's compat layers into the game's page, as a game written for that portal would. */
export async function loadCompat(frame: Frame, file: string): Promise<void> {
  await frame.evaluate(
    (src) =>
      new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = src;
        script.addEventListener('load', () => resolve());
        script.addEventListener('error', () => reject(new Error(`${src} did not load`)));
        document.head.append(script);
      }),
    `/__playfree/compat/${file}`,
  );
}
