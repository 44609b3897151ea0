import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2]));
const byId = new Map(p.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const dt = {}; p.samples.forEach((s, i) => { dt[s] = (dt[s] ?? 0) + (p.timeDeltas[i] ?? 0); });
const incl = new Map();
for (const n of p.nodes) { const t = (dt[n.id] ?? 0) / 1000; if (!t) continue; const seen = new Set(); let id = n.id;
  while (id !== undefined) { const cf = byId.get(id).callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, '').replace(/.*\/work\/main\//,'')}:${cf.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t); } id = parent.get(id); } }
const re = new RegExp(process.argv[3] ?? '.');
[...incl].filter(([k]) => re.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 45).forEach(([k, v]) => console.log(v.toFixed(1).padStart(8), k));
