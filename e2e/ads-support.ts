import { expect, type Frame, type Page, type Request } from '@playwright/test';

/** What the ad specs share (issue #37): on a fresh portal the house provider fills every slot. */
export const AD_PAGES = ['/', '/categories', '/games/spot-kick'] as const;

/**
 * The impressions the page reports (tRPC ads.impression, batched or not), with their inputs. A break
 * is reported by the id the server gave it when the portal started it (ads.startBreak, issue #49):
 * its place here is the kind it was started as.
 */
export function recordImpressions(page: Page): { place: string; kind: string }[] {
  const seen: { place: string; kind: string }[] = [];
  const startedAs = new Map<string, string>();
  page.on('response', async (response) => {
    if (!response.url().includes('ads.startBreak')) return;
    // httpBatchLink sends { "0": input, … } and answers [{ result: { data } }, …] in the same order.
    const inputs = Object.values(response.request().postDataJSON() as Record<string, { kind: string }>);
    const answers = (await response.json().catch(() => [])) as { result?: { data?: { breakId: string | null } } }[];
    answers.forEach((answer, index) => {
      const breakId = answer.result?.data?.breakId;
      if (breakId && inputs[index]) startedAs.set(breakId, inputs[index].kind);
    });
  });
  page.on('request', (request: Request) => {
    if (!request.url().includes('ads.impression')) return;
    const body = request.postDataJSON() as Record<string, { place?: string; breakId?: string; kind: string }>;
    for (const input of Object.values(body)) {
      const place = input.kind === 'break' ? (startedAs.get(input.breakId ?? '') ?? `a break the portal did not start (${input.breakId})`) : (input.place ?? '');
      seen.push({ place, kind: input.kind });
    }
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
