/**
 * `npx tsx bench/flame-graph.ts <profile.cpuprofile> <out.svg> [title] [--between=FROM,TO]`: a flame
 * graph of a V8 CPU profile (`node --cpu-prof`), as a static SVG that docs can show. `--between`
 * keeps the samples taken FROM to TO seconds after the profile began (the steady state of a load,
 * without the start-up before it); the command prints the profile's length to choose them. Each box is a function in a call
 * path, as wide as the samples spent in it and in what it called; the root's children sit at the
 * bottom. Idle, program and garbage-collector samples stay visible as their own boxes (a server
 * under load that is idle a fifth of the time is waiting on the load generator or the kernel).
 * Paths are merged by function name and file, so the same call path taken many times is one box.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Box = { name: string; self: number; total: number; children: Map<string, Box> };

const WIDTH = 1600;
const ROW = 17;
/** Boxes narrower than this many pixels are left out (their time stays in their parent's width). */
const MIN_PX = 0.6;

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const name = functionName || '(anonymous)';
  if (!url) return name;
  // node_modules/<package>/… or the project's own path: enough to tell where the time is.
  const path = url.replace(/^file:\/\//, '');
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  const where = inPackage ? `${inPackage[1]}/${basename(inPackage[2]!)}` : path.replace(/^.*?\/(server|shared|src)\//, '$1/');
  return `${name} ${where}:${lineNumber + 1}`;
}

/** The profile with only the samples taken between `from` and `to` seconds after it began. */
export function window(profile: Profile, from: number, to: number): Profile {
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= from * 1e6 && at <= to * 1e6) {
      samples.push(id);
      timeDeltas.push(0);
    }
  });
  return { ...profile, samples, timeDeltas };
}

function buildTree(profile: Profile): Box {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const root: Box = { name: 'all', self: 0, total: 0, children: new Map() };
  for (const [id, count] of hits) {
    const path: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const node = byId.get(at)!;
      if (node.callFrame.functionName !== '(root)') path.push(frameName(node));
    }
    let box = root;
    box.total += count;
    for (const name of path.reverse()) {
      let child = box.children.get(name);
      if (!child) box.children.set(name, (child = { name, self: 0, total: 0, children: new Map() }));
      child.total += count;
      box = child;
    }
    box.self += count;
  }
  return root;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A warm colour from the name, so a function keeps its colour across graphs; the portal's own code is blue. */
function colour(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  if (/ (server|shared|src)\//.test(name)) return `hsl(${205 + (hash % 20)}, 60%, ${62 + (hash % 12)}%)`;
  if (name.startsWith('(')) return 'hsl(0, 0%, 78%)';
  return `hsl(${10 + (hash % 40)}, 80%, ${58 + (hash % 14)}%)`;
}

export function flameGraphSvg(profile: Profile, title: string): string {
  const root = buildTree(profile);
  const scale = WIDTH / root.total;
  const placed: { box: Box; x: number; depth: number; width: number }[] = [];
  const place = (box: Box, x: number, depth: number) => {
    const width = box.total * scale;
    if (width < MIN_PX) return;
    placed.push({ box, x, depth, width });
    let childX = x;
    for (const child of [...box.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
      place(child, childX, depth + 1);
      childX += child.total * scale;
    }
  };
  place(root, 0, 0);
  const height = (Math.max(...placed.map(({ depth }) => depth)) + 1) * ROW + 24;
  const boxes = placed.map(({ box, x, depth, width }) => {
    // The root at the bottom, callees above their callers.
    const y = height - (depth + 1) * ROW;
    const label = `${box.name} (${((box.total / root.total) * 100).toFixed(1)} %)`;
    const chars = Math.floor((width - 4) / 6.2);
    const text = chars >= 3 ? (label.length > chars ? `${label.slice(0, chars - 1)}…` : label) : '';
    return (
      `<g><title>${escape(label)}</title><rect x="${x.toFixed(2)}" y="${y}" width="${width.toFixed(2)}" height="${ROW - 1}" fill="${colour(box.name)}"/>` +
      (text ? `<text x="${(x + 2).toFixed(2)}" y="${y + ROW - 5}">${escape(text)}</text>` : '') +
      '</g>'
    );
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="monospace" font-size="10">`,
    '<rect width="100%" height="100%" fill="#fff"/>',
    `<text x="4" y="15" font-size="13">${escape(title)} (${root.total} samples)</text>`,
    ...boxes,
    '</svg>',
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const between = process.argv.find((arg) => arg.startsWith('--between='));
  const [input, output, title] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  if (!input || !output) {
    console.error('usage: npx tsx bench/flame-graph.ts <profile.cpuprofile> <out.svg> [title] [--between=FROM,TO]');
    process.exit(2);
  }
  let profile = JSON.parse(readFileSync(input, 'utf8')) as Profile;
  const seconds = profile.timeDeltas.reduce((sum, delta) => sum + delta, 0) / 1e6;
  console.info(`${input}: ${seconds.toFixed(1)} s, ${profile.samples.length} samples`);
  if (between) {
    const [from, to] = between.slice('--between='.length).split(',').map(Number);
    profile = window(profile, from!, to!);
  }
  writeFileSync(output, flameGraphSvg(profile, title ?? basename(input)));
  console.info(`wrote ${output} (${profile.samples.length} samples)`);
}
