/**
 * A game written for CrazyGames' multiplayer calls, on the compatibility script: inviteLink,
 * getInviteParam, showInviteButton / hideInviteButton and isInstantMultiplayer reach
 * PlayFree.multiplayer, and the params a game puts in its invite link come back to the friend's
 * game through the portal's invite link (/games/{slug}?room={code}&invite.{name}={value}).
 */
import { describe, expect, it } from 'vitest';
import { inviteParamsOf } from '../../shared/rooms';
import { entryOf } from '../../src/features/rooms/useRoomEntry';
import { openGamePage, type GamePage } from './game-page';

const PORTAL = 'https://playfree.example.org';
const PAGE = `${PORTAL}/games/dice-duel`;
type Entry = { instant: boolean; code: string | null; params: Record<string, string>; link: string };

const roomsSent = (page: GamePage) => page.received.filter((message) => (message as { source: string }).source === 'playfree-rooms');

/** Opens the game on the compat script and runs its `await SDK.init()`, the portal answering how the player came. */
async function crazyGame(entry: Entry): Promise<{ page: GamePage; sdk: (code: string) => unknown }> {
  const page = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/crazygames-sdk-v3.js'] });
  page.run('window.initDone = false; window.CrazyGames.SDK.init().then(function () { window.initDone = true; });', 'game.js');
  await page.settle();
  const asked = roomsSent(page).find((message) => message.type === 'entry')!;
  expect(asked).toBeDefined();
  page.portalSends({ source: 'playfree-portal-rooms', type: 'entry', requestId: asked.requestId, entry });
  await page.settle();
  expect(page.run('window.initDone', 'check.js')).toBe(true);
  return { page, sdk: (code: string) => page.run(`(function (SDK) { return ${code}; })(window.CrazyGames.SDK)`, 'call.js') };
}

describe('CrazyGames multiplayer calls on PlayFree rooms', () => {
  it('the inviting player: inviteLink carries the params, showInviteButton shows the portal’s invite with them', async () => {
    const { page, sdk } = await crazyGame({ instant: false, code: null, params: {}, link: PAGE });
    expect(sdk('SDK.game.isInstantMultiplayer')).toBe(false);
    // Not in a room yet: the game's page on the portal, with the params.
    expect(sdk('SDK.game.inviteLink({ roomId: "lobby-7", level: 3 })')).toBe(`${PAGE}?invite.roomId=lobby-7&invite.level=3`);
    // No hello so far: a game that only asks for a link is not made an online game.
    expect(roomsSent(page).map((message) => message.type)).toEqual(['entry']);

    expect(sdk('SDK.game.showInviteButton({ roomId: "lobby-7" })')).toBe(`${PAGE}?invite.roomId=lobby-7`);
    expect(roomsSent(page).slice(1).map(({ requestId: _id, source: _source, version: _version, ...message }) => message)).toEqual([
      { type: 'hello', maxPlayers: 2 },
      { type: 'inviteParams', params: { roomId: 'lobby-7' } },
      { type: 'invitable', on: true },
    ]);
    // In the room the portal opened: its invite link, with the params.
    page.portalSends({ source: 'playfree-portal-rooms', type: 'room', room: { code: 'K7M2Q9RT4XA', inviteLink: `${PAGE}?room=K7M2Q9RT4XA`, me: 'a', host: 'a', locked: false, maxPlayers: 2, players: [] } });
    await page.settle();
    const link = sdk('SDK.game.inviteLink({ roomId: "lobby-7" })') as string;
    expect(link).toBe(`${PAGE}?room=K7M2Q9RT4XA&invite.roomId=lobby-7`);
    expect(inviteParamsOf(new URL(link).search)).toEqual({ roomId: 'lobby-7' });

    sdk('SDK.game.hideInviteButton()');
    expect(roomsSent(page).at(-1)).toMatchObject({ type: 'invitable', on: false });
  });

  it('the friend who opens that link: isInstantMultiplayer, getInviteParam, and the portal seats them at once', async () => {
    // What the portal's page tells the friend's game about the link it was opened by.
    const entry = entryOf('dice-duel', new URL(`${PAGE}?room=K7M2Q9RT4XA&invite.roomId=lobby-7&invite.level=3&utm_source=chat`));
    expect(entry).toEqual({ instant: true, code: 'K7M2Q9RT4XA', params: { roomId: 'lobby-7', level: '3' }, link: PAGE });
    const { page, sdk } = await crazyGame(entry);
    expect(sdk('SDK.game.isInstantMultiplayer')).toBe(true);
    expect(sdk('SDK.game.getInviteParam("roomId")')).toBe('lobby-7');
    expect(sdk('SDK.game.getInviteParam("level")')).toBe('3');
    expect(sdk('SDK.game.getInviteParam("utm_source")')).toBeNull();
    // The game says hello at init, so the portal joins the invite's room without a tap.
    expect(roomsSent(page).map((message) => message.type)).toEqual(['entry', 'hello']);
  });

  it('"Join Game" is instant too, without params; a game outside the portal gets neither', async () => {
    const quick = entryOf('dice-duel', new URL(`${PAGE}?join=public`));
    expect(quick).toEqual({ instant: true, code: null, params: {}, link: PAGE });
    expect((await crazyGame(quick)).sdk('SDK.game.isInstantMultiplayer')).toBe(true);

    const alone = openGamePage({ scripts: ['sdk/playfree-sdk.js', 'sdk/compat/crazygames-sdk-v3.js'], framed: false });
    alone.run('window.CrazyGames.SDK.init().then(function () { window.initDone = true; });', 'game.js');
    await alone.settle();
    expect(alone.run('window.initDone', 'check.js')).toBe(true);
    expect(alone.run('window.CrazyGames.SDK.game.isInstantMultiplayer', 'check.js')).toBe(false);
    expect(alone.run('window.CrazyGames.SDK.game.getInviteParam("roomId")', 'check.js')).toBeNull();
  });
});
