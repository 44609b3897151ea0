import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/playfree_bench' }); await c.connect();
const sql = `select w.word, t.terms, t.games, t.first, (select greatest(reltuples, 1)::int from pg_class where oid = 'games'::regclass) as catalog
       from unnest($1::text[]) as w(word)
       cross join lateral (
         select count(*)::int as terms, coalesce(sum(games), 0)::int as games, (array_agg(term order by term))[1:40] as first
           from (select term, games from search_terms
                  where term >= w.word and term < w.word || chr(1114111) order by term limit 5001) matching) t`;
for (const words of [['kingdom','hero'], ['spa'], ['s'], ['garden'], ['kingdom','hero']]) {
  const t = performance.now(); for (let i = 0; i < 50; i++) await c.query(sql, [words]); console.log(words.join(' '), ((performance.now() - t) / 50).toFixed(2));
}
console.log((await c.query('select count(*) from search_terms')).rows);
await c.end();
