import { ADMIN_EMAIL, call, playAs, signIn, type TestApp } from '../support/app';

/** The accounts and games the error tests act with: a player and an admin, each having played both games (rating and scoring need a play). */
export async function hostileSetup(t: TestApp): Promise<{ user: string; admin: string; gameId: number; adminGameId: number }> {
  const user = await signIn(t.app, 'hostile.user@example.com');
  const admin = await signIn(t.app, ADMIN_EMAIL);
  const gameId = (await call(t.app, 'GET', '/api/games/star-blaster')).body.id as number;
  const adminGameId = (await call(t.app, 'GET', '/api/games/paddle-duel')).body.id as number;
  for (const token of [user, admin]) for (const id of [gameId, adminGameId]) await playAs(t.app, token, id);
  return { user, admin, gameId, adminGameId };
}
