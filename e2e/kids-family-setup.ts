import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { apiLogin, live, uniqueEmail } from './support';

export const PIN = '2468';

/** What the REST API answers for a profile (the parts these specs read). */
export interface ProfileAnswer {
  id: number;
  devices: { id: number; label: string }[];
}

async function call<T>(request: APIRequestContext, method: 'POST' | 'PUT', path: string, token: string, data: unknown): Promise<T> {
  const response = await request.fetch(`/api${path}`, { method, data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as T;
}

/**
 * A parent account with a PIN and one child profile, made through the REST API (the screens that
 * set it up have their own spec, e2e/kids-family.spec.ts).
 */
export async function parentWithChild(request: APIRequestContext, child: { name: string; dailyMinutes: number | null }) {
  const email = uniqueEmail('parent');
  const { token } = await apiLogin(request, email);
  await call(request, 'PUT', '/kids/family', token, { pin: PIN, timeZone: 'UTC' });
  const profile = await call<ProfileAnswer>(request, 'POST', '/kids/profiles', token, { name: child.name, avatar: 'fox', ageBand: '6-8', dailyMinutes: child.dailyMinutes });
  return { email, token, profile };
}

/** Pairs a fresh browser context (the child's device) with the profile: its cookie jar gets the device token. */
export async function pairedDevice(browser: Browser, request: APIRequestContext, token: string, profileId: number, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const paired = await context.request.post('/api/kids/device/pairing-code');
  expect(paired.ok(), await paired.text()).toBeTruthy();
  const { code } = (await paired.json()) as { code: string };
  const profile = await call<ProfileAnswer>(request, 'POST', `/kids/profiles/${profileId}/devices`, token, { code });
  return { context, profile };
}

/** Sets a profile's fields through the REST API (bedtime, daily minutes). */
export function updateProfile(request: APIRequestContext, token: string, profileId: number, patch: Record<string, unknown>) {
  return call<ProfileAnswer>(request, 'PUT', `/kids/profiles/${profileId}`, token, patch);
}

/** A tablet, as the Kids Zone's device specs open it. */
export const TABLET = { viewport: { width: 1024, height: 768 }, hasTouch: true };

/**
 * Pairs a new tablet on screen, as a parent does: the child's device shows a pairing code (Kids
 * Zone → Parent settings), the parent enters it at /family on `parent`, and the device starts
 * again as the profile named `child`. `prepare` runs on the device's context before its first page.
 */
export async function pairDeviceOnScreen(browser: Browser, parent: Page, child: string, prepare?: (context: BrowserContext) => Promise<void>) {
  const context = await browser.newContext(TABLET);
  await prepare?.(context);
  const device = await context.newPage();
  await device.goto('/kids');
  await live(device);
  await device.getByRole('button', { name: 'Parent settings' }).first().click();
  await device.getByRole('button', { name: "Pair with a parent's phone" }).click();
  const code = (await device.getByTestId('pairing-code').textContent())!.trim();
  expect(code).toMatch(/^\d{6}$/);

  await parent.getByLabel('Pair a device: the code it shows').fill(code);
  await parent.getByRole('button', { name: 'Pair', exact: true }).click();
  await expect(parent.getByText('Device paired')).toBeVisible();
  // The child's device notices it was paired and starts again as the profile's.
  await expect(device.getByTestId('kids-profile')).toContainText(child, { timeout: 15_000 });
  await expect(device.getByTestId('parent-lock-sign')).toBeVisible();
  return { context, child: device };
}
