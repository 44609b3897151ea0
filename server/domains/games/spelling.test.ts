import { describe, expect, it } from 'vitest';
import { spellingsOneEditAway } from './spelling';

describe('spellings one edit away', () => {
  it('holds the usual typos of a word and not the word itself', () => {
    expect(spellingsOneEditAway('spcae')).toContain('space'); // two letters swapped
    expect(spellingsOneEditAway('puzle')).toContain('puzzle'); // a letter dropped
    expect(spellingsOneEditAway('puzzzle')).toContain('puzzle'); // a letter doubled
    expect(spellingsOneEditAway('pokmon')).toContain('pokemon');
    expect(spellingsOneEditAway('tpwer')).toContain('tower'); // a letter replaced
    expect(spellingsOneEditAway('space')).not.toContain('space');
  });

  it('holds nothing two edits away', () => {
    expect(spellingsOneEditAway('spcea')).not.toContain('space');
    expect(spellingsOneEditAway('pzle')).not.toContain('puzzle');
  });

  it('works on letters outside the Latin alphabet through the word\'s own letters', () => {
    expect(spellingsOneEditAway('गेम')).toContain('गम');
    expect(spellingsOneEditAway('مغامره')).toContain('مغامر');
  });
});
