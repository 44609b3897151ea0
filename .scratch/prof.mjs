import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]));
const self = new Map(); const byId = new Map(p.nodes.map(n => [n.id, n]));
const dt = {}; p.samples.forEach((s, i) => { dt[s] = (dt[s] ?? 0) + (p.timeDeltas[i] ?? 0); });
let total = 0;
for (const n of p.nodes) { const t = (dt[n.id] ?? 0) / 1000; total += t; const cf = n.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//,'')}:${cf.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
console.log('total ms', total.toFixed(0));
[...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] ?? 30)).forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
