#!/usr/bin/env node
// Finds import cycles between the .rs files of Rust crates, and imports that run up the
// library's layers (LAYERS below). No dependencies.
//
//   node tools/check/import-cycles.mjs src              # the library: src/lib.rs and every file
//                                                 # under src except src/bin
//   node tools/check/import-cycles.mjs src/bin/arena    # a binary: src/bin/arena/main.rs's crate
//
// Each argument is a crate's root folder (holding lib.rs or main.rs). A library root skips
// its bin/ folder: each src/bin/<tool>/ is a crate of its own, where `crate::` means that
// folder. Exit status 1 when some crate has a cycle, each cycle listed with the lines that
// make its edges, or an import from a lower layer into a higher one, each listed with its
// line; 2 on bad arguments.
//
// The rule. The graph has one node per file and an edge A -> B when A names something in
// B through a path: a `use` (grouped ones expanded: `use super::{a, b::c}`), or a path
// written in the code (`crate::x::f()`, `super::y::Z`). A path starting with `crate`,
// `super` or `self`, or with the name of a child module, is resolved module by module as
// far as files go; the file of the last module reached is B (`use super::bitboard::Bitboard`
// from search/grid.rs gives search/grid.rs -> search/bitboard.rs, `use super::Decision`
// gives -> the parent's mod.rs). Paths into other crates (std, serde, game2048::) are not
// edges. `mod x;` declarations are not edges: they place a file in the module tree, they
// do not make the parent depend on what the child holds; a parent that re-exports a child
// (`pub use x::Y`) does get an edge to it. So a module tree stays acyclic when mod.rs files
// (and lib.rs) re-export their children and the children never import their parent back:
// children import siblings directly (`use super::sibling::Item`, `use crate::a::b::Item`).
// Comments and string literals are ignored (a doc link is not an import); inline modules
// (`mod tests { use super::*; }`) are followed, so their `super` is the file itself.

import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// The layers of a crate, lowest first, by its root folder: the one place the order is
// written. Each layer is a list of rooms, a room a file or folder under the root; a file
// belongs to the longest room that holds it. A file may import its own layer and those
// below it; an edge (the rule above) into a higher layer is an upward import. Every file
// of a crate listed here must be in some room. The binaries (src/bin/<tool>/) sit above the
// whole library: they reach it only as `game2048::`, which is no edge.
const LAYERS = {
  src: [
    // Leaf utilities: the size limits, the checksum, the generator, the charts, the JSON
    // reader and writer, and the error messages written with them.
    ['limits.rs', 'crc32.rs', 'rng.rs', 'svg.rs', 'json', 'error.rs'],
    ['direction.rs'],
    ['board.rs', 'spawn.rs'],
    // The AI: a function of the board alone, below the game and its records; its own
    // layers as ai/mod.rs tells them, its front (mod.rs) on top.
    ['ai/api'],
    ['ai/search'],
    ['ai/endgame'],
    ['ai/ntuple'],
    ['ai/eval'],
    ['ai/strategies', 'ai/tables.rs'],
    ['ai/mod.rs'],
    ['record'],
    ['game.rs'],
    ['state.rs', 'from_record.rs'],
    ['wasm'],
    // The crate's front: it re-exports, and nothing imports it back.
    ['lib.rs'],
  ],
};

/** Each file's layer (index into `layers`), by the longest room holding it; `null` if none. */
function layerOf(dir, layers) {
  const rooms = layers.flatMap((rooms, level) => rooms.map((room) => [room.split('/'), level]));
  return (file) => {
    const parts = relative(dir, file).split(sep);
    let best = null;
    for (const [room, level] of rooms) {
      const holds = room.length <= parts.length && room.every((seg, k) => seg === parts[k]);
      if (holds && (best === null || room.length > best[0])) best = [room.length, level];
    }
    return best && best[1];
  };
}

/** The edges that run up the layers, and the files in no room. */
function upward(dir, graph, layers) {
  const layer = layerOf(dir, layers);
  const name = (f) => relative(dir, f).split(sep).join('/');
  const unplaced = [...graph.keys()].filter((f) => layer(f) === null).map(name).sort();
  const up = [];
  for (const [from, edges] of graph) {
    for (const [to, line] of edges) {
      const [a, b] = [layer(from), layer(to)];
      if (a !== null && b !== null && b > a) up.push({ from: name(from), to: name(to), line });
    }
  }
  up.sort((x, y) => x.line.localeCompare(y.line, 'en', { numeric: true }));
  return { up, unplaced };
}

/** Code with comments, string and char literals blanked (lengths and newlines kept). */
function stripCode(text) {
  let out = '';
  let i = 0;
  const n = text.length;
  const blank = (s) => s.replace(/[^\n]/g, ' ');
  while (i < n) {
    const c = text[i];
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? n : end;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '/' && next === '*') {
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (text[j] === '/' && text[j + 1] === '*') { depth++; j += 2; }
        else if (text[j] === '*' && text[j + 1] === '/') { depth--; j += 2; }
        else j++;
      }
      out += blank(text.slice(i, j));
      i = j;
    } else if ((c === 'r' || (c === 'b' && next === 'r')) && /^b?r#*"/.test(text.slice(i, i + 40)) && !/\w/.test(text[i - 1] ?? '')) {
      const m = /^b?r(#*)"/.exec(text.slice(i));
      const close = '"' + m[1];
      const end = text.indexOf(close, i + m[0].length);
      const stop = end === -1 ? n : end + close.length;
      out += blank(text.slice(i, stop));
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      while (j < n && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += blank(text.slice(i, j + 1));
      i = j + 1;
    } else if (c === "'") {
      const m = /^'(?:\\u\{[0-9a-fA-F]+\}|\\.|[^\\'\n])'/.exec(text.slice(i, i + 16));
      if (m) { out += blank(m[0]); i += m[0].length; } else { out += c; i++; }
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Every .rs file of the crate rooted at `dir`, with its module path. */
function crateFiles(dir) {
  const root = ['lib.rs', 'main.rs'].find((f) => existsSync(join(dir, f)));
  if (!root) throw new Error(`${dir}: no lib.rs or main.rs`);
  const files = new Map(); // module path "a::b" ('' for the root) -> file
  const walk = (folder, modPath) => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) {
        if (folder === dir && root === 'lib.rs' && name === 'bin') continue;
        walk(full, [...modPath, name]);
      } else if (name.endsWith('.rs')) {
        if (folder === dir && name === root) files.set('', full);
        else if (name === 'mod.rs') files.set(modPath.join('::'), full);
        else if (!(folder === dir && (name === 'lib.rs' || name === 'main.rs'))) {
          files.set([...modPath, name.slice(0, -3)].join('::'), full);
        }
      }
    }
  };
  walk(dir, []);
  return files;
}

/** `use` trees expanded into paths: "super::{a, b::{c, d}}" -> ["super::a", "super::b::c", ...]. */
function expandUse(tree) {
  tree = tree.replace(/\s+/g, ' ').trim();
  const splitTop = (s) => {
    const parts = [];
    let depth = 0;
    let start = 0;
    for (let i = 0; i < s.length; i++) {
      if (s[i] === '{') depth++;
      else if (s[i] === '}') depth--;
      else if (s[i] === ',' && depth === 0) { parts.push(s.slice(start, i)); start = i + 1; }
    }
    parts.push(s.slice(start));
    return parts.map((p) => p.trim()).filter(Boolean);
  };
  const out = [];
  const walk = (prefix, s) => {
    s = s.replace(/\s+as\s+\w+$/, '').trim();
    const brace = s.indexOf('{');
    if (brace === -1) {
      const path = s === 'self' ? prefix : prefix.concat(s.split('::').map((x) => x.trim()).filter(Boolean));
      out.push(path.filter((seg) => seg !== '*'));
      return;
    }
    const head = s.slice(0, brace).replace(/::\s*$/, '');
    const inner = s.slice(brace + 1, s.lastIndexOf('}'));
    const base = prefix.concat(head ? head.split('::').map((x) => x.trim()).filter(Boolean) : []);
    for (const part of splitTop(inner)) walk(base, part);
  };
  walk([], tree.replace(/^::/, ''));
  return out;
}

/** The edges of one crate: Map(file -> Map(target file -> first line that makes the edge)). */
function crateGraph(dir) {
  const files = crateFiles(dir);
  const fileOf = (mod) => files.get(mod.join('::'));
  const isModule = (mod) => files.has(mod.join('::'));
  const graph = new Map();
  for (const [modKey, file] of files) {
    const fileMod = modKey ? modKey.split('::') : [];
    const raw = readFileSync(file, 'utf8');
    const code = stripCode(raw);
    const lines = raw.split('\n');
    const lineAt = (index) => code.slice(0, index).split('\n').length;
    const edges = new Map();
    graph.set(file, edges);

    // Inline modules: [start, end, name] by brace matching, so a path inside one resolves
    // from the inline module (its `super` is the file's module).
    const inline = [];
    for (const m of code.matchAll(/\bmod\s+(\w+)\s*\{/g)) {
      let depth = 0;
      let j = m.index + m[0].length - 1;
      for (; j < code.length; j++) {
        if (code[j] === '{') depth++;
        else if (code[j] === '}' && --depth === 0) break;
      }
      inline.push([m.index, j, m[1]]);
    }
    const moduleAt = (index) => fileMod.concat(inline.filter(([s, e]) => s < index && index < e).sort((a, b) => a[0] - b[0]).map((x) => x[2]));

    const resolve = (segs, here) => {
      let mod;
      let rest;
      if (segs[0] === 'crate') { mod = []; rest = segs.slice(1); }
      else if (segs[0] === 'self' || segs[0] === 'super') {
        mod = here.slice();
        let k = 0;
        if (segs[0] === 'self') k = 1;
        while (segs[k] === 'super') { mod.pop(); k++; }
        rest = segs.slice(k);
      } else if (isModule(here.concat(segs[0]))) { mod = here.slice(); rest = segs; }
      else return null; // another crate, or an item in scope
      for (const seg of rest) {
        if (isModule(mod.concat(seg))) mod = mod.concat(seg);
        else break;
      }
      // Paths inside an inline module that stay in this file are no edge.
      while (mod.length && !isModule(mod)) mod.pop();
      return fileOf(mod);
    };
    const addEdge = (target, index) => {
      if (!target || target === file || edges.has(target)) return;
      const line = lineAt(index);
      edges.set(target, `${relative('.', file)}:${line}: ${lines[line - 1].trim()}`);
    };

    let rest = code;
    for (const m of code.matchAll(/\buse\s+([^;]*);/g)) {
      const here = moduleAt(m.index);
      for (const path of expandUse(m[1])) addEdge(resolve(path, here), m.index);
      rest = rest.slice(0, m.index) + ' '.repeat(m[0].length) + rest.slice(m.index + m[0].length);
    }
    for (const m of rest.matchAll(/(?<![\w:])(crate|super|self)((?:\s*::\s*\w+)+)/g)) {
      const segs = [m[1], ...m[2].split('::').map((s) => s.trim()).filter(Boolean)];
      addEdge(resolve(segs, moduleAt(m.index)), m.index);
    }
  }
  return graph;
}

/** Strongly connected components with more than one file (Tarjan). */
function cycles(graph) {
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++;
    stack.push(v); on.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const scc = [];
      let w;
      do { w = stack.pop(); on.delete(w); scc.push(w); } while (w !== v);
      if (scc.length > 1) out.push(scc);
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** One shortest cycle through `start` inside `scc`, as a list of files. */
function cycleThrough(graph, scc, start) {
  const inside = new Set(scc);
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of graph.get(v).keys()) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = prev.get(v); p !== null; p = prev.get(p)) path.unshift(p);
        return path;
      }
      if (!prev.has(w)) { prev.set(w, v); queue.push(w); }
    }
  }
  return [start];
}

const dirs = process.argv.slice(2);
if (!dirs.length) {
  console.error('usage: node tools/check/import-cycles.mjs <crate folder>... (e.g. src, src/bin/arena)');
  process.exit(2);
}
let failed = false;
for (const dir of dirs) {
  let graph;
  try {
    graph = crateGraph(dir);
  } catch (e) {
    console.error(e.message);
    process.exit(2);
  }
  const found = cycles(graph);
  const edges = [...graph.values()].reduce((n, e) => n + e.size, 0);
  const layers = LAYERS[relative('.', dir).split(sep).join('/')];
  if (layers) {
    const { up, unplaced } = upward(dir, graph, layers);
    if (unplaced.length) {
      failed = true;
      console.log(`${dir}: ${unplaced.length} file(s) in no room of LAYERS (tools/check/import-cycles.mjs): ${unplaced.join(', ')}`);
    }
    if (up.length) {
      failed = true;
      console.log(`${dir}: ${up.length} import(s) from a lower layer into a higher one (LAYERS in tools/check/import-cycles.mjs):`);
      for (const { to, line } of up) console.log(`    ${line}  (up into ${to})`);
    } else if (!unplaced.length) {
      console.log(`${dir}: every import runs down the ${layers.length} layers`);
    }
  }
  if (!found.length) {
    console.log(`${dir}: no import cycles (${graph.size} files, ${edges} edges)`);
    continue;
  }
  failed = true;
  console.log(`${dir}: ${found.length} import cycle(s)`);
  for (const scc of found) {
    const start = scc.slice().sort()[0];
    const path = cycleThrough(graph, scc, start);
    const names = scc.map((f) => relative('.', f).split(sep).join('/')).sort();
    console.log(`\n  cycle among ${names.join(', ')}:`);
    path.forEach((from, k) => {
      const to = path[(k + 1) % path.length];
      console.log(`    ${graph.get(from).get(to)}`);
    });
  }
}
process.exit(failed ? 1 : 0);
