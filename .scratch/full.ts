import pg from 'pg';
import { publishedGamesQuery } from '../server/domains/games/read-model';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/playfree_bench' }); await c.connect();
const words = process.argv.slice(2);
for (const q of words) {
  const { sql, params } = publishedGamesQuery({ sort: 'popular', limit: 24 }, { tsquery: q, expectedMatches: Number(process.env.EXP ?? 50) });
  let i = 0; const pgSql = sql.replace(/\?/g, () => `$${++i}`);
  for (let r = 0; r < 3; r++) { const t = performance.now(); const res = await c.query(pgSql, params); console.log(q, r, (performance.now() - t).toFixed(2), 'ms', res.rowCount); }
  const ex = await c.query('explain (analyze, buffers) ' + pgSql, params); console.log(ex.rows.map((x: any) => x['QUERY PLAN']).join('\n'));
}
await c.end();
