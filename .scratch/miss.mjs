import pg from 'pg';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/playfree_bench' }); await c.connect();
const titles = (await c.query(`select title from games where status='APPROVED' order by md5(id::text) limit 3000`)).rows;
await c.end();
const qs = []; const W = ['space','rock','ninja','dash','quest'];
for (const [i,{title}] of titles.entries()) { const w = title.toLowerCase().split(' ').filter(x=>!/^\d+$/.test(x)); if (i%3===0&&w.length>=2) qs.push(`${w[0]} ${w[1]}`); else if (i%3===1) qs.push(w[0].slice(0,3+(i%4))); else qs.push(w[0]); }
const uniq=[...new Set(qs)].slice(0, Number(process.argv[2]??200));
const times=[];
for (const q of uniq) { const t=performance.now(); const r=await fetch('http://127.0.0.1:3820/api/games?search='+encodeURIComponent(q),{headers:{'accept-encoding':'br'}}); await r.arrayBuffer(); times.push([performance.now()-t,q]); }
times.sort((a,b)=>a[0]-b[0]);
const p=(x)=>times[Math.floor(x*(times.length-1))][0].toFixed(2);
console.log('n',times.length,'p50',p(0.5),'p90',p(0.9),'p99',p(0.99),'max',p(1)); console.log(times.slice(-8));
