import { describe, expect, it } from 'vitest';
import { contentFactsSchema, gameControlsSchema } from '../../../shared/schemas';
import { deviceChoice, factRows } from './facts';

describe('deviceChoice: the device a game list starts on', () => {
  it('is touch on a touch screen and every game otherwise, with nothing in the address', () => {
    expect(deviceChoice(null, true)).toBe('touch');
    expect(deviceChoice(null, false)).toBe('all');
  });

  it('follows the address, including an explicit "all" on a touch screen', () => {
    expect(deviceChoice('keyboard', true)).toBe('keyboard');
    expect(deviceChoice('gamepad', false)).toBe('gamepad');
    expect(deviceChoice('all', true)).toBe('all');
  });

  it('ignores a value it does not know', () => {
    expect(deviceChoice('joystick', true)).toBe('touch');
    expect(deviceChoice('', false)).toBe('all');
    expect(deviceChoice('TOUCH', false)).toBe('all');
  });
});

describe('factRows: the facts card', () => {
  it('reads each fact in words, in a fixed order, marking what a parent may want to know', () => {
    const rows = factRows({ ads: true, chat: false, externalLinks: false, inAppPurchases: true, saves: 'cloud', violence: 'cartoon' });
    expect(rows).toEqual([
      { label: 'Ads', value: 'Shows ads', notable: true, alone: 'Shows ads' },
      { label: 'Chat', value: 'No chat', notable: false, alone: 'No chat' },
      { label: 'Links', value: 'No links out', notable: false, alone: 'No links out' },
      { label: 'Purchases', value: 'In-app purchases', notable: true, alone: 'In-app purchases' },
      { label: 'Progress', value: 'Saved to your account', notable: false, alone: 'Saved to your account' },
      { label: 'Violence', value: 'Cartoon violence', notable: true, alone: 'Cartoon violence' },
    ]);
  });

  it('says what a value means without its label, for the reviewer’s chips (issue #38, point 13: not a bare "None")', () => {
    const violence = factRows({ ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'none', violence: 'none' }).at(-1);
    expect(violence).toEqual({ label: 'Violence', value: 'None', notable: false, alone: 'No violence' });
  });
});

describe('the controls and facts schemas', () => {
  it('keeps controls in one order, whatever order they were chosen in', () => {
    expect(gameControlsSchema.parse(['gamepad', 'touch', 'mouse'])).toEqual(['touch', 'mouse', 'gamepad']);
  });

  it('refuses no controls, repeats and unknown ones', () => {
    expect(gameControlsSchema.safeParse([]).success).toBe(false);
    expect(gameControlsSchema.safeParse(['touch', 'touch']).success).toBe(false);
    expect(gameControlsSchema.safeParse(['voice']).success).toBe(false);
  });

  it('takes exactly the six facts', () => {
    const facts = { ads: false, chat: false, externalLinks: false, inAppPurchases: false, saves: 'none', violence: 'none' };
    expect(contentFactsSchema.parse(facts)).toEqual(facts);
    expect(contentFactsSchema.safeParse({ ...facts, extra: true }).success).toBe(false);
    expect(contentFactsSchema.safeParse({ ...facts, saves: undefined }).success).toBe(false);
    expect(contentFactsSchema.safeParse({ ...facts, ads: 'false' }).success).toBe(false);
  });
});
