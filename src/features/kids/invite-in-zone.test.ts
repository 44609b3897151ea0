import { describe, expect, it } from 'vitest';
import { inviteInZone } from './invite-in-zone';

describe('inviteInZone', () => {
  it('opens a game’s invite link in the Kids Zone’s player, with the code as stored', () => {
    expect(inviteInZone('/games/four-in-a-row?room=abcd-efgh-jk0')).toBe('/kids/play/four-in-a-row?room=ABCDEFGHJK0');
    expect(inviteInZone('/games/paddle-duel/?room=ABCDEFGHJK0&invite.level=2')).toBe('/kids/play/paddle-duel?room=ABCDEFGHJK0');
  });

  it('leaves anything else alone: other pages, a game without a code, a code that cannot be one', () => {
    expect(inviteInZone('/')).toBeNull();
    expect(inviteInZone('/games/four-in-a-row')).toBeNull();
    expect(inviteInZone('/games/four-in-a-row?room=SHORT')).toBeNull();
    expect(inviteInZone('/categories?room=ABCDEFGHJK0')).toBeNull();
    expect(inviteInZone('/games/a/b?room=ABCDEFGHJK0')).toBeNull();
  });
});
