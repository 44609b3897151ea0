import { expect, test } from '@playwright/test';
import { pairedDevice, parentWithChild, TABLET, updateProfile } from './kids-family-setup';
import { live, signInAs, uniqueEmail } from './support';

// Issue 59: texts a player read in English on a page in another language.

/** A clock `offsetMinutes` from now in UTC, as a bedtime is set (the family's time zone is UTC). */
function utcClock(offsetMinutes: number): string {
  const at = new Date(Date.now() + offsetMinutes * 60_000);
  return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
}

test('a French page that goes offline says so in French', async ({ page, context }) => {
  await page.goto('/fr/');
  await live(page);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-indicator').filter({ visible: true })).toHaveText('Hors ligne');
  await context.setOffline(false);
});

test('at bedtime a paired tablet on /fr/kids is told in French, as the server refuses the play in French', async ({ browser, request }) => {
  const { token, profile } = await parentWithChild(request, { name: 'Lou', dailyMinutes: null });
  await updateProfile(request, token, profile.id, { bedtime: { start: utcClock(-60), end: utcClock(60) } });
  const { context } = await pairedDevice(browser, request, token, profile.id, TABLET);
  const tablet = await context.newPage();
  const refusal = tablet.waitForResponse((response) => response.url().includes('/trpc/family.startPlay'));
  await tablet.goto('/fr/kids/play/balloon-party');
  await live(tablet);
  expect(JSON.stringify(await (await refusal).json())).toContain('C’est l’heure d’aller au lit : plus de jeux jusqu’à demain matin');
  await expect(tablet.getByRole('heading', { name: 'C’est l’heure d’aller au lit' })).toBeVisible();
  await expect(tablet.locator('iframe[title="Balloon Party game"]')).toHaveCount(0);
  await context.close();
});

test('a saves file refused on /fr/account is refused in French, whatever the browser speaks', async ({ page }) => {
  const { token } = await signInAs(page, uniqueEmail('sauvegardes'));
  const notSaves = { format: 'notes', saves: [] };
  const answers = await Promise.all(
    ['fr', 'en'].map(async (locale) => {
      const answer = await page.request.post('/api/me/saves', { headers: { authorization: `Bearer ${token}`, 'x-locale': locale }, data: notSaves });
      return ((await answer.json()) as { message: string }).message;
    }),
  );
  expect(answers[0]).not.toBe(answers[1]);
  await page.goto('/fr/account');
  await live(page);
  const section = page.getByRole('region', { name: 'Tes sauvegardes' });
  const chooser = page.waitForEvent('filechooser');
  await section.getByRole('button', { name: 'Importer des sauvegardes' }).click();
  await (await chooser).setFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(notSaves)) });
  await expect(section.getByRole('alert')).toContainText(answers[0]!);
});

test('a form’s field check on a French page is in French (the newsletter on /fr/)', async ({ page }) => {
  await page.goto('/fr/');
  await live(page);
  const newsletter = page.locator('section[aria-labelledby="newsletter-heading"]');
  await newsletter.getByRole('textbox').fill('pas une adresse');
  await newsletter.locator('button[type="submit"]').click();
  await expect(newsletter.getByText('Adresse e-mail non valide')).toBeVisible();
  await expect(newsletter.getByText('Invalid email address')).toHaveCount(0);
});
