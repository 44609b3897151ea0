import { expect, test, type Page } from '@playwright/test';
import { ADMIN_EMAIL, apiLogin, signInAs, trpcMutation, uniqueEmail } from './support';

/**
 * A developer's published game, played in the portal's frame (the play starts a session, the
 * bridge reports its play time, the game over completes it), and the developer portal's
 * Analytics tab showing the figures the API answers.
 */
type Figures = {
  metrics: { total_plays: number; unique_players: number; average_session: number; completion_rate: number };
  days: { day: string; plays: number; sessions: number }[];
};

async function analytics(page: Page, token: string, id: number, period: string): Promise<Figures> {
  const response = await page.request.get(`/api/dev/games/${id}/analytics?period=${period}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBeTruthy();
  return (await response.json()) as Figures;
}

/** One of the headline figures: a group named by its label, holding the label and the number. */
async function expectFigure(page: Page, label: string, value: string) {
  await expect(page.getByRole('group', { name: label, exact: true })).toHaveText(`${label}${value}`);
}

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test.describe(`Analytics tab (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('a developer plays their published game and sees its figures in the Analytics tab', async ({ page }) => {
      const { token } = await signInAs(page, uniqueEmail('analytics'));
      const title = `E2E Analytics Kick ${viewport.name} ${Date.now()}`;
      // Spot Kick's own page from the games origin, at an address of its own (one live game per URL).
      const source = ((await (await page.request.get('/api/games/spot-kick')).json()) as { srcUrl: string }).srcUrl;
      const srcUrl = `${source}${source.includes('?') ? '&' : '?'}copy=${viewport.name}-${Date.now()}`;
      const submitted = await trpcMutation<{ id: number; slug: string }>(page.request, 'developer.submit', token, {
        title,
        description: 'Spot Kick under another name, to measure it.',
        srcUrl,
        thumbUrl: 'https://example.com/analytics-kick/thumb.png',
      });

      await page.goto('/developer');
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await expect(page.getByText(`Analytics of ${title} start once it is published.`)).toBeVisible();

      const admin = await apiLogin(page.request, ADMIN_EMAIL);
      await trpcMutation(page.request, 'admin.approve', admin.token, { id: submitted.id });

      const played = page.waitForResponse((response) => response.url().includes('games.play'));
      await page.goto(`/games/${submitted.slug}`);
      expect((await played).ok()).toBe(true);
      await expect(page.getByTestId('game-readout')).toHaveAttribute('data-status', 'ready');
      const gameFrame = (await (await page.locator(`iframe[title="${title} game"]`).elementHandle())!.contentFrame())!;
      await gameFrame.evaluate(() => (window as unknown as { PlayFree: { gameplayStart(): void } }).PlayFree.gameplayStart());
      // Two seconds and a bit of gameplay, then a round over: the bridge reports both.
      await page.waitForTimeout(2_300);
      const reported = page.waitForResponse((response) => response.url().includes('scores.playTime'));
      const completed = page.waitForResponse((response) => response.url().includes('analytics.complete'));
      await gameFrame.evaluate(() => (window as unknown as { PlayFree: { gameOver(n: number): void } }).PlayFree.gameOver(0));
      expect((await reported).ok()).toBe(true);
      // The link may batch the calls into one request: find the completion's answer in it.
      const answers = [(await (await completed).json()) as unknown].flat();
      expect(answers).toContainEqual({ result: { data: { completed: true } } });

      const api = await analytics(page, token, submitted.id, '30d');
      expect(api.metrics).toMatchObject({ total_plays: 1, unique_players: 1, completion_rate: 1 });
      expect(api.metrics.average_session).toBeGreaterThanOrEqual(2);
      expect(api.days).toHaveLength(30);
      expect(api.days.at(-1)).toMatchObject({ plays: 1, sessions: 1 });

      await page.goto('/developer');
      await page.getByRole('tab', { name: 'Analytics' }).click();
      await expect(page.getByRole('combobox', { name: 'Game', exact: true })).toHaveValue(title);
      await expectFigure(page, 'Total plays', '1');
      await expectFigure(page, 'Unique players', '1');
      await expectFigure(page, 'Average session', `${api.metrics.average_session}s`);
      await expectFigure(page, 'Completion rate', '100%');
      for (const chart of ['Plays per day', 'Unique players per day', 'Average session per day', 'Retention']) {
        await expect(page.getByRole('heading', { name: chart })).toBeVisible();
      }
      await expect(page.locator('.recharts-surface').first()).toBeVisible();

      // Another period: the same play, now one of 7 daily rows.
      await page.getByText('7 days', { exact: true }).click();
      await expectFigure(page, 'Total plays', '1');
      await page.getByRole('button', { name: 'Daily figures' }).click();
      const rows = page.getByRole('table').getByRole('row');
      await expect(rows).toHaveCount(8);
      await expect(rows.nth(1).getByRole('cell')).toHaveText([/.+/, '1', '1', '1', `${api.metrics.average_session}s`, '1']);
    });
  });
}
