import { describe, expect, it } from 'vitest';
import { messageArguments } from './message-arguments';

describe('messageArguments', () => {
  it('names every argument once, nested ones and tags too', () => {
    expect(messageArguments('{left, plural, one {{left} try of {max}} other {# tries}} <link>{name}</link>')).toEqual(['left', 'link', 'max', 'name']);
  });

  it('tells a translation that renamed or dropped a placeholder from the English one', () => {
    expect(messageArguments('Il reste {seconds} secondes')).not.toEqual(messageArguments('Wait {second} seconds'));
    expect(messageArguments('{why, select, yes {Pourquoi :} other {}}')).not.toEqual(messageArguments('{why, select, yes {Why: {reasons}} other {}}'));
  });

  it('reads a tag as text when asked (the server’s plain-text messages), and refuses a broken message', () => {
    expect(messageArguments('add <thumbnail.png> at {where}', { ignoreTag: true })).toEqual(['where']);
    expect(() => messageArguments('{count, plural, one {x}}')).toThrow('MISSING_OTHER_CLAUSE');
  });
});
