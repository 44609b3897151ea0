import pg from 'pg';
import { openDatabase } from './server/db/orm';
import { publishedGamesQuery, resolveSearch } from './server/domains/games/read-model';
import { TITLE_WORDS } from './bench/scale/catalog';
const url = 'postgres://postgres@127.0.0.1:5432/playfree_bench';
const c = new pg.Client({ connectionString: url }); await c.connect();
const titles = (await c.query(`select title from games where status = 'APPROVED' order by md5(id::text) limit 600`)).rows; await c.end();
const queries: string[] = [];
for (const [index, { title }] of titles.entries()) { const words = title.toLowerCase().split(' ').filter((w: string) => !/^\d+$/.test(w)); if (index % 3 === 0 && words.length >= 2) queries.push(`${words[0]} ${words[1]}`); else if (index % 3 === 1) queries.push(words[0].slice(0, 3 + (index % 4))); else queries.push(TITLE_WORDS[index % TITLE_WORDS.length]!); }
const db = await openDatabase({ url });
const out: [number, string, number, string][] = [];
for (const q of queries) {
  const ts = await resolveSearch(db.orm.em.fork(), q);
  const built = publishedGamesQuery({ sort: 'popular', limit: 24, search: q }, ts);
  const rows = await db.orm.em.getConnection().execute<any[]>('explain (analyze) ' + built.sql, built.params);
  const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
  const ms = Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]);
  out.push([ms, q, ts!.expectedMatches, plan.includes('hits as') || plan.includes('CTE hits') ? 'rare' : 'walk']);
}
out.sort((a, b) => b[0] - a[0]);
console.log(out.slice(0, 20).map((r) => `${r[0].toFixed(1)}ms ${r[1]} exp=${Math.round(r[2])} ${r[3]}`).join('\n'));
const ms = out.map((r) => r[0]).sort((a, b) => a - b);
console.log('median', ms[Math.floor(ms.length / 2)], 'p90', ms[Math.floor(ms.length * 0.9)], 'mean', (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2));
await db.close();
