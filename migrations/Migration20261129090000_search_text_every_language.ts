import { Migration } from '@mikro-orm/migrations';

/** Games whose search fields are made again per statement: a few hundred rows at a time. */
const BATCH = 500;

/**
 * The search fields as server/domains/games/writer.ts (searchFieldsFor) and shared/text.ts make them
 * on the day of this migration, copied so that it does what it did whatever they become later (and
 * because migrations load without the app's module resolution).
 */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{Diacritic}/gu, (mark) => (/[\u3099\u309a\u30fc]/.test(mark) ? mark : ''))
    .normalize('NFC')
    .toLowerCase()
    .replace(/ı/g, 'i')
    .replace(/ß/g, 'ss');
}

function indexed(folded: string): string {
  const pairs = (folded.match(/[\p{L}\p{M}\p{N}]+/gu) ?? [])
    .filter((word) => /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u.test(word) && [...word].length > 2)
    .flatMap((word) => [...word].slice(0, -1).map((character, at) => character + [...word][at + 1]));
  return pairs.length > 0 ? `${folded} ${pairs.join(' ')}` : folded;
}

type Row = { id: number; title: string; description: string; tags: string[] | null; listings: { title: string; description: string }[] | null };

/**
 * Issue #59: search reads every language. The folding changed (compatibility and width forms,
 * Turkish ı and İ, German ß, Japanese kana marks, Korean syllables kept whole, Hindi words kept
 * whole) and a title in a script without spaces is also indexed by its pairs of characters, so the
 * search fields of the games whose text is not plain ASCII, and of those with translated listings,
 * are made again. (A fresh database has no games yet here: the seed
 * comes after the migrations.) An all-ASCII game's fields are unchanged.
 */
export class Migration20261129090000_search_text_every_language extends Migration {

  override name = 'Migration20261129090000_search_text_every_language';

  override async up(): Promise<void> {
    for (let after = 0; ; ) {
      const rows = (await this.execute(
        `select g.id, g.title, g.description,
                array(select t.name from game_tags gt join tags t on t.id = gt.tag_id where gt.game_id = g.id) as tags,
                (select json_agg(json_build_object('title', l.title, 'description', l.description) order by l.locale) from game_translations l where l.game_id = g.id) as listings
           from games g
          where g.id > ? and (g.search_text ~ '[^\\x01-\\x7f]' or g.title ~ '[^\\x01-\\x7f]' or g.description ~ '[^\\x01-\\x7f]'
                              or exists (select 1 from game_translations l where l.game_id = g.id))
          order by g.id limit ${BATCH}`,
        [after],
      )) as Row[];
      for (const row of rows) {
        const listings = row.listings ?? [];
        const titles = [row.title, ...listings.map((listing) => listing.title)];
        const searchText = indexed(fold([...titles, row.description, ...listings.map((listing) => listing.description), ...(row.tags ?? [])].join(' ')));
        const searchTitle = indexed(fold(titles.join(' ')));
        await this.execute('update games set search_text = ?, search_title = ? where id = ? and (search_text, search_title) is distinct from (?, ?)', [searchText, searchTitle, row.id, searchText, searchTitle]);
      }
      if (rows.length < BATCH) return;
      after = rows.at(-1)!.id;
    }
  }

  override down(): void | Promise<void> {
    // Nothing to undo: the fields as made before would only search worse.
  }

}
