import { expect, test } from '@playwright/test';
import { signInAs, uniqueEmail, useAppShell } from './support';

// The server answers 503 SERVICE_UNAVAILABLE while its database is down (tests/ops/database-outage.test.ts
// shows that end to end); here the answers are replaced to show what the visitor sees.
test('a database outage shows "we\'ll be right back", and Try again recovers', async ({ page }) => {
  let down = true;
  // In a real outage the server cannot render the page either and sends the app shell.
  await useAppShell(page);
  await page.route(
    (url) => url.pathname.startsWith('/trpc/'),
    async (route) => {
      if (!down) return route.fallback();
      const names = decodeURIComponent(new URL(route.request().url()).pathname.slice(6)).split(',');
      const error = {
        error: { message: 'The database is unavailable right now', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } },
      };
      const batched = new URL(route.request().url()).searchParams.has('batch');
      await route.fulfill({ status: 503, headers: { 'Retry-After': '5' }, json: batched ? names.map(() => error) : error });
    },
  );
  await page.goto('/');
  const notice = page.getByRole('status').filter({ hasText: "We'll be right back" });
  await expect(notice).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('outage.png') });

  down = false;
  await notice.getByRole('button', { name: 'Try again' }).click();
  await expect(notice).toBeHidden();
});

test('a signed-in visitor stays signed in when the session check meets an outage', async ({ page }) => {
  await signInAs(page, uniqueEmail('outage'));
  let outageAnswers = 0;
  // The first session checks meet a busy server (503); the next ones get through.
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('auth.me'),
    async (route) => {
      if (outageAnswers >= 2) return route.fallback();
      outageAnswers += 1;
      const error = { error: { message: 'The server is too busy', code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } };
      const names = decodeURIComponent(new URL(route.request().url()).pathname.slice(6)).split(',');
      const batched = new URL(route.request().url()).searchParams.has('batch');
      await route.fulfill({ status: 503, headers: { 'Retry-After': '5' }, json: batched ? names.map(() => error) : error });
    },
  );
  await page.goto('/help');
  await expect.poll(() => outageAnswers).toBeGreaterThan(0);
  // Checked again a few seconds later: the account menu comes back, and the token was never dropped.
  await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('auth_token'))).not.toBeNull();
});
