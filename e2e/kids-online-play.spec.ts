import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { pairDeviceOnScreen } from './kids-family-setup';
import { live, signInAs, uniqueEmail } from './support';

/**
 * Online play on a child's device (issue 48): off until the parent turns it on at /family; then
 * the child may invite a friend, and a room the child opens is invite-only.
 */
const PIN = '1357';
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const GAME = 'iframe[title="Four in a Row game"]';
/** A page loads the game, which says hello, and then joins the room: over 30 s on a busy 2-core machine. */
const JOINED_MS = 90_000;

/** Notes in every frame what the portal answered a game's multiplayer hello (the game's window keeps it). */
async function noteRoomStatus(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.addEventListener('message', (event: MessageEvent<{ source?: string; type?: string; available?: boolean }>) => {
      if (event.data?.source === 'playfree-portal-rooms' && event.data.type === 'status') (window as unknown as { roomStatus: boolean }).roomStatus = event.data.available === true;
    });
  });
}

/** What the portal told Four in a Row's frame about rooms, once it has. */
async function roomStatusOf(page: Page): Promise<boolean | undefined> {
  const frame = await (await page.locator(GAME).elementHandle())?.contentFrame();
  return frame?.evaluate(() => (window as unknown as { roomStatus?: boolean }).roomStatus);
}

test('a child plays online only once the parent turns it on at /family, and the child’s rooms are invite-only', async ({ browser }) => {
  // Three browsers, two of them loading a game and joining its room twice over: slow on a busy 2-core machine.
  test.setTimeout(420_000);
  const parentContext = await browser.newContext(PHONE);
  const strangers = await browser.newContext();
  let tablet: { context: BrowserContext; child: Page } | null = null;
  try {
    const parent = await parentContext.newPage();
    await signInAs(parent, uniqueEmail('parent'));
    await parent.goto('/family');
    await live(parent);
    await parent.getByLabel('PIN (4 digits)').fill(PIN);
    await parent.getByRole('button', { name: 'Set PIN' }).click();
    await expect(parent.getByText('PIN set')).toBeVisible();
    await parent.getByLabel('Name or nickname').fill('Mia');
    await parent.getByRole('button', { name: 'Add child' }).click();
    const profile = parent.getByTestId('profile-Mia');
    const online = profile.getByRole('switch', { name: 'Online play with friends' });
    // Off for a new child.
    await expect(online).not.toBeChecked();
    tablet = await pairDeviceOnScreen(browser, parent, 'Mia', noteRoomStatus);
    const { child } = tablet;

    // Off: the game hears that rooms are closed to it, and the page offers no invite at all.
    await child.goto('/kids/play/four-in-a-row');
    await live(child);
    await expect(child.frameLocator(GAME).getByRole('button', { name: 'vs CPU' })).toBeVisible();
    await expect.poll(() => roomStatusOf(child)).toBe(false);
    await expect(child.getByTestId('room-panel')).toHaveCount(0);
    await expect(child.getByRole('button', { name: 'Invite a friend' })).toHaveCount(0);
    await expect(child.frameLocator(GAME).getByRole('button', { name: 'Play online' })).toHaveCount(0);
    const refused = await child.request.post('/api/rooms', { data: { game: 'four-in-a-row' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ reason: 'kids' });

    // The parent turns it on from the phone; it stays on.
    await online.scrollIntoViewIfNeeded();
    await parent.screenshot({ path: test.info().outputPath('family-online-play-off.png') });
    // The switch shows what the server saved: it turns on once the answer is in.
    await online.click();
    await expect(online).toBeChecked();
    await parent.reload();
    await live(parent);
    await expect(online).toBeChecked();
    await online.scrollIntoViewIfNeeded();
    await parent.screenshot({ path: test.info().outputPath('family-online-play-on.png') });

    // On: the child's game may play online, and the page offers "Invite a friend".
    await child.reload();
    await live(child);
    await expect.poll(() => roomStatusOf(child)).toBe(true);
    await expect(child.frameLocator(GAME).getByRole('button', { name: 'Play online' })).toBeVisible();
    await expect(child.getByRole('button', { name: 'Invite a friend' })).toBeVisible();

    // A friend's invite link, opened on the tablet held in the zone, joins that room in the zone's player.
    const friend = await strangers.newPage();
    await friend.goto('/games/four-in-a-row');
    await live(friend);
    await friend.getByRole('button', { name: 'Invite a friend' }).click();
    await child.goto(await friend.getByTestId('room-invite-link').inputValue());
    await expect(child).toHaveURL(/\/kids\/play\/four-in-a-row\?room=[0-9A-Z]{11}$/);
    for (const page of [child, friend]) await expect(page.getByTestId('room-player')).toHaveCount(2, { timeout: JOINED_MS });
    await child.getByRole('button', { name: 'Leave the room' }).click();
    await expect(friend.getByTestId('room-player')).toHaveCount(1);

    // The child invites a friend: the link works for them, and both see each other.
    await child.getByRole('button', { name: 'Invite a friend' }).click();
    const link = child.getByTestId('room-invite-link');
    await expect(link).toHaveValue(/\/games\/four-in-a-row\?room=[0-9A-Z]{11}$/);
    await friend.goto(await link.inputValue());
    for (const page of [child, friend]) await expect(page.getByTestId('room-player')).toHaveCount(2, { timeout: JOINED_MS });

    // A room the child opens is invite-only even when public is asked: a stranger's "Join Game"
    // (an open public room of the game, or a new one) never lands in it; the child gets no quick join.
    const asked = await child.request.post('/api/rooms', { data: { game: 'four-in-a-row', access: 'public' } });
    expect(asked.status()).toBe(200);
    const own = ((await asked.json()) as { code: string }).code;
    const quick = await strangers.request.post('/api/rooms/quick', { data: { game: 'four-in-a-row' } });
    expect(quick.status()).toBe(200);
    expect(((await quick.json()) as { code: string }).code).not.toBe(own);
    const childQuick = await child.request.post('/api/rooms/quick', { data: { game: 'four-in-a-row' } });
    expect(childQuick.status()).toBe(403);
  } finally {
    await Promise.all([parentContext.close(), strangers.close(), tablet?.context.close()]);
  }
});
