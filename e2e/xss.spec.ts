/**
 * Stored XSS (issue #5): text that users submit is stored as given and rendered as
 * text on every screen that shows it, never as HTML.
 */
import { expect, test } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, signInAs, trpcMutation, uniqueEmail } from './support';

const PAYLOAD = '<img src=x onerror="window.__xss=1">';

test('a game titled with HTML renders as text on every screen that shows it', async ({ page, request }) => {
  const developerEmail = uniqueEmail('xss-dev');
  const developer = await apiLogin(request, developerEmail);
  const admin = await apiLogin(request, ADMIN_EMAIL);
  const unique = Date.now();
  const title = `${PAYLOAD} ${unique}`.slice(0, 80);
  const description = `<script>window.__xss=2</script><b>bold?</b> ${PAYLOAD}`;
  const submitted = await trpcMutation<{ id: number; slug: string }>(request, 'developer.submit', developer.token, {
    title,
    description,
    srcUrl: `https://xss-${unique}.example.com/play/`,
    thumbUrl: `https://xss-${unique}.example.com/thumb.png`,
  });

  // Pending: the admin's review list and the developer's own list.
  await signInAs(page, ADMIN_EMAIL);
  await page.goto('/admin');
  await expect(page.getByText(title).first()).toBeVisible();
  await trpcMutation(request, 'admin.approve', admin.token, { id: submitted.id });

  // Published: the game page, search results, the New list, Categories (searched there: other
  // specs publish games too, so a game with no plays may sort onto a later page of all games).
  for (const path of [`/games/${submitted.slug}`, `/?search=${encodeURIComponent(String(unique))}`, '/new', `/categories?q=${unique}`]) {
    await page.goto(path);
    await expect(page.getByText(title).first(), path).toBeVisible();
    expect(await page.locator(`img[src="x"]`).count(), path).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), path).toBeUndefined();
  }
  await page.goto(`/games/${submitted.slug}`);
  await expect(page.getByText('<b>bold?</b>', { exact: false }).first()).toBeVisible();
  expect(await page.locator('b', { hasText: 'bold?' }).count()).toBe(0);

  const developerPage = await page.context().browser()!.newPage();
  await signInAs(developerPage, developerEmail);
  await developerPage.goto('/developer');
  await developerPage.getByRole('tab', { name: 'My Games' }).click();
  await expect(developerPage.getByText(title).first()).toBeVisible();
  expect(await developerPage.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  await developerPage.close();
});
