import { describe, expect, it } from 'vitest';
import { contentFactsSchema } from './games';

const facts = { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'device', violence: 'none' };
const messageOf = (input: unknown) => contentFactsSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('content facts', () => {
  it('asks a person who left a choice empty to choose, in words (issue #38, point 13)', () => {
    expect(messageOf({ ...facts, saves: null })).toEqual(['saves: Choose whether the game keeps a player’s progress, and where']);
    expect(messageOf({ ...facts, violence: undefined })).toEqual(['violence: Choose the violence the game shows, if any']);
  });

  it('names the values accepted to a caller who sent another', () => {
    expect(messageOf({ ...facts, saves: 'server' })).toEqual(['saves: Must be one of none, device, cloud']);
  });
});
