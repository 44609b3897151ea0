import pg from 'pg';
import { publishedGamesQuery } from '../server/domains/games/read-model';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/playfree_bench' }); await c.connect();
for (const offset of [0, 2400, 9000, 9000]) {
  const { sql, params } = publishedGamesQuery({ sort: 'trending', limit: 24, offset });
  let i = 0; const q = sql.replace(/\?/g, () => `$${++i}`);
  const t = performance.now(); await c.query(q, params); const ms = performance.now() - t;
  const ex = await c.query('explain (analyze, buffers) ' + q, params);
  console.log(offset, ms.toFixed(2), ex.rows.map((r: any) => r['QUERY PLAN']).filter((l: string) => /Execution|Planning|Index|Limit/.test(l)).join('\n'));
}
await c.end();
