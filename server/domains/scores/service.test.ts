import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDomainTest, type DomainTest } from '../../../tests/support/domain';
import { engineName } from '../../../tests/support/engine';
import { Forbidden, NotFound, Validation } from '../errors';
import { getGameBySlug, recordPlay } from '../games/service';
import { submitScore, topScores } from './service';

let t: DomainTest;

beforeAll(async () => {
  t = await openDomainTest();
});
afterAll(() => t.close());

describe(`scores service, called without any transport (${engineName})`, () => {
  it('accepts a score only while the player plays the game, and only up to what it can award', async () => {
    const player = await t.signedIn('ada.lovelace@example.com');
    const { id } = await getGameBySlug(t.context(), 'star-blaster');

    await expect(submitScore(player, id, 10)).rejects.toBeInstanceOf(Forbidden);

    await recordPlay(player, id);
    expect(await submitScore(player, id, 10)).toEqual({ score: 10, personalBest: 10 });
    expect(await submitScore(player, id, 7)).toEqual({ score: 7, personalBest: 10 });

    const tooHigh = submitScore(player, id, 100_000_000);
    await expect(tooHigh).rejects.toBeInstanceOf(Validation);
    await expect(tooHigh).rejects.toMatchObject({ field: 'score' });
    await expect(tooHigh).rejects.toThrow(/^score: /);

    expect(await topScores(t.context(), id)).toEqual([expect.objectContaining({ rank: 1, player: 'Ada L.', score: 10 })]);
  });

  it('answers NotFound for a game that is not published', async () => {
    const player = await t.signedIn('grace.hopper@example.com');
    await expect(submitScore(player, 999_999, 1)).rejects.toBeInstanceOf(NotFound);
    await expect(topScores(t.context(), 999_999)).rejects.toThrow('Game not found');
  });
});
