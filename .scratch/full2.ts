import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/playfree_bench' }); await c.connect();
const page = `with hits as materialized (select g.id, g.title_vector @@ $1::tsquery as in_title, g.plays, g.rating_avg from games g where g.search_vector @@ $1::tsquery and g.status = 'APPROVED')
 select h.id, row_number() over (order by h.in_title desc, h.plays desc, h.rating_avg desc, h.id) as position from hits h order by h.in_title desc, h.plays desc, h.rating_avg desc, h.id limit 24`;
const old = `select g.id, g.slug, g.title, g.description, g.thumb_url, g.src_url, g.multiplayer, g.age_rating, g.studio, g.plays, g.rating_avg, g.rating_count,
  (select count(*)::int from visitor_game_activity a where a.game_id = g.id and a.seen_at > now() - interval '5 minutes') as playing_now,
  coalesce((select json_agg(json_build_object('id', c.id, 'slug', c.slug, 'name', c.name) order by c.sort_order, c.id) from game_categories gc join categories c on c.id = gc.category_id where gc.game_id = g.id), '[]') as categories,
  coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by t.name) from game_tags gt cross join lateral (select id, name from tags where id = gt.tag_id offset 0) t where gt.game_id = g.id), '[]') as tags,
  coalesce((select json_agg(json_build_object('allowedOrigin', o.allowed_origin) order by o.id) from game_origins o where o.game_id = g.id), '[]') as origins
  from (${page}) page join games g on g.id = page.id order by page.position`;
const neu = `select g.id, g.slug, g.title, g.description, g.thumb_url, g.src_url, g.multiplayer, g.age_rating, g.studio, g.plays, g.rating_avg, g.rating_count,
  (select count(*)::int from visitor_game_activity a where a.game_id = g.id and a.seen_at > now() - interval '5 minutes') as playing_now, g.card_test
  from (${page}) page join games g on g.id = page.id order by page.position`;
const qs = ["'kingdom' & 'hero'", "'space' & 'rock'", "'dragon' & 'blazing'", "'knight' & 'tiny'", "'garden'"];
for (const [name, sql] of [['old', old], ['new', neu], ['pageonly', page], ['old', old], ['new', neu], ['pageonly', page]] as const) {
  const t = performance.now(); let n = 0;
  for (let r = 0; r < 20; r++) for (const q of qs) { n++; await c.query(sql, [q]); }
  console.log(name, ((performance.now() - t) / n).toFixed(2), 'ms/query');
}
await c.end();
