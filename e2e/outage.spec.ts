import { expect, test } from '@playwright/test';

// The server answers 503 SERVICE_UNAVAILABLE while its database is down (tests/ops/database-outage.test.ts
// shows that end to end); here the answers are replaced to show what the visitor sees.
test('a database outage shows "we\'ll be right back", and Try again recovers', async ({ page }) => {
  let down = true;
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
