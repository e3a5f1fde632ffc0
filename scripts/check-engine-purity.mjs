// check-engine-purity: the engine is pure and deterministic (DESIGN.md §1-2, STYLE.md rule 1).
// Biome bans the globals and packages by name; this script adds what a linter cannot see:
//  - every import of a non-test file under src/engine resolves inside src/engine (no ../../ui, no node:
//    builtins, no packages but the few pure ones in ENGINE_PACKAGES); test files may also import
//    vitest, fast-check, node:* and fixtures;
//  - no wall-clock, timer, randomness or worker/DOM token in code (comments and string text are skipped);
//  - the engine's layers (LAYERS below, src/engine/README.md "Layers") import only down: a non-test file's
//    import, type-only ones included, may point into its own top-level part, a part of a lower layer, or
//    a part of its own layer when that layer is not `isolated` (components never import each other,
//    nor one controller another: SUBCOMPONENTS);
//    and the top-level parts' import graph has no loop. It prints the loop count (parts in loops,
//    imports inside loops) so a before/after can be read off it. Test files may import any layer (a
//    controller's test runs the whole simulation).
// Usage: node scripts/check-engine-purity.mjs [DIR]   (DIR defaults to src/engine). Exit 1 on a violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(process.argv[2] ?? 'src/engine');
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const TEST = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Tokens that make a run depend on the machine, the wall clock or the page. */
const FORBIDDEN = [
  [/\bMath\s*\.\s*random\b/, 'Math.random: draw from the engine seeded PRNG'],
  [/\bDate\s*\.\s*now\b/, 'Date.now: use the virtual clock'],
  [/\bnew\s+Date\b/, 'new Date(: use the virtual clock'],
  [/(?<![\w$.]|\bnew\s+)Date\s*\(/, 'Date(: use the virtual clock'],
  [/(?<![\w$.])setTimeout\b/, 'setTimeout: schedule on the event queue'],
  [/(?<![\w$.])setInterval\b/, 'setInterval: schedule on the event queue'],
  [/(?<![\w$.])requestAnimationFrame\b/, 'requestAnimationFrame: the UI paints, not the engine'],
  [/(?<![\w$.])performance\s*\./, 'performance.: no wall-clock reads in the engine'],
  [/(?<![\w$.])window\s*\./, 'window.: the engine has no DOM'],
  [/(?<![\w$.])document\s*\./, 'document.: the engine has no DOM'],
  [/(?<![\w$.])self\s*\./, 'self.: the engine is not the worker'],
  [/\bpostMessage\b/, 'postMessage: only src/worker talks to the main thread'],
  [/(?<![\w$.])crypto\s*\./, 'crypto.: randomness comes from the seeded PRNG'],
];
const UI_PACKAGE = /^(react|react-dom|zustand|d3)(\/|$)|^(react-|d3-|@types\/(react|d3))/;
const TEST_PACKAGES = /^(vitest|fast-check)(\/|$)|^node:/;
/**
 * Packages the engine may import: pure and deterministic (no clock, randomness, DOM or I/O), and the
 * same in Node and the worker. Add one only after checking that; say why on its line.
 */
const ENGINE_PACKAGES = new Set([
  'yaml', // kubectl apply -f - reads a manifest; parses text only (core schema: no Date objects)
]);

/**
 * The engine's layers, bottom first: each lists its top-level parts (folders, or files at the root
 * of src/engine). A part not listed here is a problem: a new folder must say where it stands.
 */
const LAYERS = [
  { name: 'api', parts: ['api', 'lib', 'version.ts'] },
  { name: 'apimachinery', parts: ['apimachinery', 'quota', 'endpointslice'] },
  { name: 'apiserver', parts: ['apiserver'] },
  { name: 'client', parts: ['client', 'config.ts'] },
  { name: 'components', parts: ['controller', 'scheduler', 'kubelet', 'proxy'], isolated: true },
  // The callers of Services (DESIGN.md §15): they read what kube-proxy programmed and what the
  // kubelet runs, so they sit above the components; kubectl and the sim may read their counts.
  { name: 'traffic', parts: ['traffic'] },
  { name: 'kubectl', parts: ['kubectl'] },
  { name: 'sim', parts: ['sim', 'explain.ts', 'sim.ts'] },
];
const LAYER_OF = new Map(LAYERS.flatMap((l, i) => l.parts.map((p) => [p, i])));

/**
 * Parts whose subfolders are components of their own (controller/deployment, controller/daemon, …):
 * a subfolder imports only itself and the part's own files (the helpers the controllers share),
 * and those files import no subfolder.
 */
const SUBCOMPONENTS = new Set(['controller']);
/**
 * Subfolders of a SUBCOMPONENTS part that are libraries, not components: any of its subfolders may
 * import them (upstream's pkg/controller/history serves the DaemonSet and the StatefulSet alike).
 * They import no component themselves.
 */
const SHARED_SUBS = new Set(['controller/history']);

/** subOf is a file's subfolder of its part (`controller/daemon`), or null for a file of the part itself. */
function subOf(file) {
  const segs = relative(ROOT, file).split(sep);
  return segs.length > 2 ? `${segs[0]}/${segs[1]}` : null;
}

/** partOf is a file's top-level part under ROOT: its first folder, or its own name at the root. */
function partOf(file) {
  return relative(ROOT, file).split(sep)[0];
}

/**
 * loopsOf finds the strongly connected components of the parts' graph (Tarjan) and returns the
 * parts in loops and the imports whose two parts sit in one loop.
 */
function loopsOf(edges) {
  const graph = new Map();
  for (const e of edges) {
    if (!graph.has(e.from)) graph.set(e.from, new Set());
    if (!graph.has(e.to)) graph.set(e.to, new Set());
    graph.get(e.from).add(e.to);
  }
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let next = 0;
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const members = [];
      for (;;) {
        const w = stack.pop();
        onStack.delete(w);
        members.push(w);
        if (w === v) break;
      }
      for (const w of members) component.set(w, members);
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  const parts = [...graph.keys()].filter((v) => component.get(v).length > 1).sort();
  const inLoops = edges.filter((e) => component.get(e.from) === component.get(e.to));
  return { parts, imports: inLoops };
}

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/**
 * codeOnly blanks comments and the text of string and template literals (keeping `${...}` code and
 * newlines), so a token in a comment or a message does not count and line numbers stay right.
 */
function codeOnly(src) {
  let out = '';
  let i = 0;
  const braces = []; // stack: 'code' for a plain `{`, 'tpl' for a template's `${`
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  const template = () => {
    // at a backtick or the `}` closing `${`; consume template text up to the next `${` or closing backtick
    let j = i + 1;
    while (j < src.length && src[j] !== '`' && !(src[j] === '$' && src[j + 1] === '{'))
      j += src[j] === '\\' ? 2 : 1;
    out += src[i] + blank(src.slice(i + 1, j));
    if (src[j] === '`') {
      out += '`';
      i = j + 1;
    } else {
      out += '${';
      braces.push('tpl');
      i = j + 2;
    }
  };
  while (i < src.length) {
    const c = src[i];
    const next = src[i + 1];
    if (c === '/' && next === '/') {
      const j = src.indexOf('\n', i);
      const end = j === -1 ? src.length : j;
      out += blank(src.slice(i, end));
      i = end;
    } else if (c === '/' && next === '*') {
      const j = src.indexOf('*/', i + 2);
      const end = j === -1 ? src.length : j + 2;
      out += blank(src.slice(i, end));
      i = end;
    } else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < src.length && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      out += c + blank(src.slice(i + 1, j)) + c;
      i = j + 1;
    } else if (c === '/' && regexCanStart(out)) {
      // a regular expression literal: skip its body (it may hold quotes or backticks)
      let j = i + 1;
      let inClass = false;
      while (j < src.length && src[j] !== '\n' && (inClass || src[j] !== '/')) {
        if (src[j] === '\\') j++;
        else if (src[j] === '[') inClass = true;
        else if (src[j] === ']') inClass = false;
        j++;
      }
      out += '/' + blank(src.slice(i + 1, j)) + '/';
      i = j + 1;
    } else if (c === '`') {
      template();
    } else if (c === '{') {
      braces.push('code');
      out += c;
      i++;
    } else if (c === '}') {
      if (braces.pop() === 'tpl') template();
      else {
        out += c;
        i++;
      }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** regexCanStart tells whether a `/` after this code starts a regular expression, not a division. */
function regexCanStart(before) {
  const m = /(\S*)\s*$/.exec(before.slice(-40));
  const prev = m?.[1] ?? '';
  if (prev === '') return true;
  if (/(^|[^\w$])(return|typeof|case|do|else|in|of|new|delete|void|throw|yield|await)$/.test(prev))
    return true;
  return /[(,=:[!&|?{};+\-*%<>~^]$/.test(prev);
}

/** importsOf lists [specifier, line] of static imports, re-exports, dynamic imports and require calls. */
function importsOf(src) {
  const found = [];
  const patterns = [
    /\b(?:import|export)\s+(?:type\s+)?(?:[\w$*{}\s,]+?\s+from\s+)?['"]([^'"]+)['"]/g,
    /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
    /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
  ];
  for (const re of patterns) {
    for (const m of src.matchAll(re)) found.push([m[1], src.slice(0, m.index).split('\n').length]);
  }
  return found;
}

const problems = [];
if (!existsSync(ROOT)) {
  console.log(`check-engine-purity: ${relative(process.cwd(), ROOT)} does not exist yet, nothing to check`);
  process.exit(0);
}
const files = walk(ROOT);
/** Imports between two top-level parts of non-test files: { from, to, where, spec }. */
const partEdges = [];
for (const file of files) {
  const rel = relative(process.cwd(), file);
  const src = readFileSync(file, 'utf8');
  const isTest = TEST.test(file);
  for (const [spec, line] of importsOf(src)) {
    const where = `${rel}:${line}`;
    if (UI_PACKAGE.test(spec))
      problems.push(`${where}: imports '${spec}': the engine has no React, zustand or d3`);
    else if (spec.startsWith('.') || spec.startsWith('/')) {
      const target = resolve(dirname(file), spec);
      if (!isTest && target !== ROOT && !target.startsWith(ROOT + sep)) {
        problems.push(`${where}: imports '${spec}', outside ${relative(process.cwd(), ROOT)}`);
      } else if (!isTest && partOf(file) !== partOf(target)) {
        partEdges.push({ from: partOf(file), to: partOf(target), where, spec });
      } else if (!isTest && SUBCOMPONENTS.has(partOf(file))) {
        const from = subOf(file);
        const to = subOf(target);
        if (to !== null && to !== from && !SHARED_SUBS.has(to)) {
          problems.push(
            `${where}: imports '${spec}': ${from ?? partOf(file)} may not import ${to}, another component (a controller shares only ${partOf(file)}/*.ts)`,
          );
        }
      }
    } else if (!ENGINE_PACKAGES.has(spec) && !(isTest && TEST_PACKAGES.test(spec))) {
      problems.push(`${where}: imports package '${spec}': the engine imports only its own files`);
    }
  }
  const lines = codeOnly(src).split('\n');
  lines.forEach((text, n) => {
    for (const [re, why] of FORBIDDEN) if (re.test(text)) problems.push(`${rel}:${n + 1}: ${why}`);
  });
}

const parts = new Set(files.filter((f) => !TEST.test(f)).map(partOf));
for (const p of [...parts].sort()) {
  if (!LAYER_OF.has(p))
    problems.push(`${relative(process.cwd(), join(ROOT, p))}: part '${p}' is in no layer (LAYERS)`);
}
for (const e of partEdges) {
  const from = LAYER_OF.get(e.from);
  const to = LAYER_OF.get(e.to);
  if (from === undefined || to === undefined) continue;
  if (to > from) {
    problems.push(
      `${e.where}: imports '${e.spec}': ${e.from} (layer ${LAYERS[from].name}) may not import up into ${e.to} (layer ${LAYERS[to].name})`,
    );
  } else if (to === from && LAYERS[from].isolated) {
    problems.push(
      `${e.where}: imports '${e.spec}': ${e.from} may not import ${e.to}, another ${LAYERS[from].name} part`,
    );
  }
}
const loops = loopsOf(partEdges);
for (const e of loops.imports)
  problems.push(`${e.where}: imports '${e.spec}': closes a loop ${e.from} → ${e.to}`);

for (const p of problems) console.error(p);
console.log(
  `check-engine-purity: ${files.length} files under ${relative(process.cwd(), ROOT)}, ${problems.length} problems; ` +
    `loops between top-level parts: ${loops.parts.length} parts in loops${loops.parts.length ? ` (${loops.parts.join(', ')})` : ''}, ${loops.imports.length} imports inside loops`,
);
process.exit(problems.length ? 1 : 0);
