#!/usr/bin/env node
// Keeps the page's functions short: lists every function and closure in www/**/*.js (not
// the generated www/pkg/) and embed.js longer than LIMIT lines, and exits 1 naming each
// (file, function, first line, length). No dependencies.
//
//   node tools/check/function-lengths.mjs            # the check (make lint runs it)
//   node tools/check/function-lengths.mjs --top 10   # the 10 longest, whatever their length
//   node tools/check/function-lengths.mjs FILE...    # the check on these files only
//
// A function's length is its lines from the one it starts on to the one its body ends on,
// both counted. Counted: function declarations and expressions, methods, getters and
// setters (of objects and classes), and arrow functions, with a block body or an
// expression body (which ends at the `,`, `;` or closing bracket at its own depth). A
// nested function counts inside its parent too. Names: the declared one, else the
// variable or property it is assigned to, else `(anonymous)`.
//
// The scan is a tokenizer, not a parser: it skips comments, strings, template literals
// (following their `${...}` expressions) and regular expressions (a `/` that starts an
// operand: after an operator, an opening bracket, a comma or a keyword such as `return`),
// and matches brackets. tests/node/function-lengths.test.mjs holds the cases it must get
// right.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The longest a function may be, in lines. */
export const LIMIT = 150;

// Functions allowed past LIMIT, as 'file: name' (none). An entry that is no longer too long
// (or no longer there) fails the check too, so that the list can only shrink.
export const ALLOWED = [];

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

// Keywords after which a `/` starts a regular expression, and those that head a block
// whose `(...)` is not a parameter list.
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const CONTROL = new Set(['if', 'for', 'while', 'switch', 'catch', 'with']);
// Words that may stand before a method's name.
const MODIFIERS = new Set(['async', 'get', 'set', 'static', '*']);
// A statement starting with one of these ends an arrow's expression body (no semicolon).
const STATEMENT = new Set(['const', 'let', 'var', 'function', 'class', 'export', 'import', 'return', 'if', 'for', 'while', 'throw']);

/** Tokens of `text`: {type: 'word'|'punct'|'string'|'number'|'regex'|'template', value, line, start}. */
export function tokenize(text) {
  const tokens = [];
  let i = 0;
  let line = 1;
  // One entry per open `{`, `(`, `[` or template `${`: a `}` that closes a `${` resumes the template.
  const brackets = [];
  const push = (type, value, startLine, nl = false) => tokens.push({ type, value, line: startLine, nl });
  let sawNewline = false;
  const prevSignificant = () => tokens[tokens.length - 1];
  const regexAllowed = () => {
    const p = prevSignificant();
    if (!p) return true;
    if (p.type === 'word') return BEFORE_REGEX.has(p.value);
    if (p.type === 'punct') return !(p.value === ')' || p.value === ']');
    return false;
  };
  // Reads template text from i (just after ` or a `}` that ends `${`) to the next `${` or the closing `.
  const templateText = () => {
    while (i < text.length) {
      const ch = text[i];
      if (ch === '\\') i += 2;
      else if (ch === '`') {
        i++;
        return;
      } else if (ch === '$' && text[i + 1] === '{') {
        i += 2;
        brackets.push('${');
        push('punct', '${', line);
        return;
      } else {
        if (ch === '\n') line++;
        i++;
      }
    }
  };
  while (i < text.length) {
    const ch = text[i];
    const next = text[i + 1];
    if (ch === '\n') {
      line++;
      i++;
      sawNewline = true;
      continue;
    }
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const nl = sawNewline;
    sawNewline = false;
    if (ch === '/' && next === '/') {
      while (i < text.length && text[i] !== '\n') i++;
      sawNewline = nl;
      continue;
    }
    if (ch === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      for (let k = i; k < stop; k++) if (text[k] === '\n') line++;
      i = stop;
      sawNewline = nl;
      continue;
    }
    const startLine = line;
    if (ch === '"' || ch === "'") {
      i++;
      while (i < text.length && text[i] !== ch && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
      i++;
      push('string', ch, startLine, nl);
      continue;
    }
    if (ch === '`') {
      i++;
      push('template', '`', startLine, nl);
      templateText();
      continue;
    }
    if (ch === '/' && regexAllowed()) {
      i++;
      let inClass = false;
      while (i < text.length && text[i] !== '\n') {
        const c = text[i];
        if (c === '\\') i++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        i++;
      }
      i++;
      while (i < text.length && /[a-z]/i.test(text[i])) i++;
      push('regex', '/', startLine, nl);
      continue;
    }
    if (/[A-Za-z_$\\]/.test(ch) || ch.charCodeAt(0) > 127) {
      const m = /^(?:[\w$]|\\u[0-9a-fA-F]{4}|[^\x00-\x7f])+/.exec(text.slice(i, i + 200));
      i += m[0].length;
      push('word', m[0], startLine, nl);
      continue;
    }
    if (/[0-9]/.test(ch) || (ch === '.' && /[0-9]/.test(next))) {
      const m = /^(?:0[xXoObB][\da-fA-F_]+n?|[\d_]*\.?[\d_]+(?:[eE][+-]?\d+)?n?)/.exec(text.slice(i, i + 100));
      i += Math.max(1, m ? m[0].length : 1);
      push('number', '0', startLine, nl);
      continue;
    }
    if (ch === '}' && brackets[brackets.length - 1] === '${') {
      brackets.pop();
      i++;
      push('punct', '}$', startLine, nl);
      templateText();
      continue;
    }
    const three = text.slice(i, i + 3);
    const two = text.slice(i, i + 2);
    const op = ['...', '===', '!==', '**=', '&&=', '||=', '??=', '>>>'].includes(three) ? three
      : ['=>', '==', '!=', '<=', '>=', '&&', '||', '??', '?.', '++', '--', '+=', '-=', '*=', '/=', '**'].includes(two) ? two : ch;
    if (op === '{' || op === '(' || op === '[') brackets.push(op);
    else if (op === '}' || op === ')' || op === ']') brackets.pop();
    i += op.length;
    push('punct', op, startLine, nl);
  }
  return tokens;
}

// The index of the bracket that opens the one closing at `close` (scanning back).
function opener(tokens, close) {
  const pairs = { ')': '(', ']': '[', '}': '{' };
  const want = pairs[tokens[close].value];
  let depth = 0;
  for (let k = close; k >= 0; k--) {
    const v = tokens[k].value;
    if (v === tokens[close].value) depth++;
    else if (v === want && --depth === 0) return k;
  }
  return -1;
}

// The name a function expression starting at token k gets from where it stands: `name =`,
// `name:` (a property), or none.
function assignedName(tokens, k) {
  let j = k - 1;
  if (tokens[j]?.value === 'async') j--;
  while (tokens[j]?.value === '(' && tokens[j - 1]?.type === 'punct') j--; // `name = (async () => ...)()`
  const t = tokens[j];
  const before = tokens[j - 1];
  if ((t?.value === '=' || t?.value === ':') && before?.type === 'word') return before.value;
  if ((t?.value === '=' || t?.value === ':') && before?.type === 'string') return '(property)';
  return null;
}

/** Every function in `text`: [{name, line, end, length}], in order of their start. */
export function functions(text) {
  const tokens = tokenize(text);
  const found = [];
  const blocks = []; // one per open `{`: the function it is the body of, or null
  const exprArrows = []; // arrows with an expression body, open: {fn, depth}
  let depth = 0; // open brackets of every kind
  const endArrows = (atDepth, line, inclusive) => {
    while (exprArrows.length && (exprArrows[exprArrows.length - 1].depth > atDepth || (inclusive && exprArrows[exprArrows.length - 1].depth === atDepth))) {
      exprArrows.pop().fn.end = line;
    }
  };
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k];
    const prevLine = tokens[k - 1]?.line ?? t.line;
    // An arrow's expression body ends at a `,` or `;` at its depth, or at a statement
    // keyword that starts a line (a missing semicolon).
    if (exprArrows.length && t.type === 'punct' && (t.value === ',' || t.value === ';')) endArrows(depth, prevLine, true);
    if (exprArrows.length && t.type === 'word' && t.nl && STATEMENT.has(t.value)) endArrows(depth, prevLine, true);
    if (t.type === 'punct' && (t.value === '{' || t.value === '(' || t.value === '[' || t.value === '${')) {
      depth++;
      if (t.value === '{') blocks.push(functionAt(tokens, k));
      continue;
    }
    if (t.type === 'punct' && (t.value === '}' || t.value === ')' || t.value === ']' || t.value === '}$')) {
      depth--;
      endArrows(depth, prevLine, false);
      if (t.value === '}') {
        const fn = blocks.pop();
        if (fn) fn.end = t.line;
      }
      continue;
    }
    if (t.value === '=>' && tokens[k + 1]?.value !== '{') {
      const fn = { ...arrowStart(tokens, k) };
      found.push(fn);
      exprArrows.push({ fn, depth });
    }
  }
  function functionAt(tokens, k) {
    const prev = tokens[k - 1];
    let fn = null;
    if (prev?.value === '=>') fn = arrowStart(tokens, k - 1);
    else if (prev?.value === ')') {
      const open = opener(tokens, k - 1);
      let j = open - 1;
      let name = null;
      if (tokens[j]?.value === ']') {
        name = '[computed]';
        j = opener(tokens, j) - 1;
      } else if ((tokens[j]?.type === 'word' && tokens[j].value !== 'function') || tokens[j]?.type === 'string') {
        if (CONTROL.has(tokens[j].value) || (tokens[j].value === 'await' && tokens[j - 1]?.value === 'for')) return null;
        name = tokens[j].type === 'string' ? '(property)' : tokens[j].value;
        j--;
      }
      while (tokens[j] && MODIFIERS.has(tokens[j].value) && tokens[j].value !== '*') j--;
      if (tokens[j]?.value === '*') j--;
      if (tokens[j]?.value === 'function') {
        const start = tokens[j - 1]?.value === 'async' ? j - 1 : j;
        fn = { name: name ?? assignedName(tokens, start) ?? '(anonymous)', line: tokens[start].line };
      } else if (name) {
        // A method (`name(...) {`, after its modifiers), unless the `(` is a call's: then
        // the `{` is a block after a statement such as `foo()` on a line of its own, which
        // plain JS does not write.
        const first = tokens[j + 1];
        fn = { name, line: first.line };
      }
    }
    if (fn) found.push(fn);
    return fn;
  }
  // Brackets that do not match mean the scan lost its way (a regular expression taken for a
  // division, or the reverse): say so rather than measure wrongly.
  if (depth !== 0 || blocks.length) throw new Error(`the brackets do not match (${depth} left open): the scan cannot measure this file`);
  return found.map((f) => ({ ...f, end: f.end ?? f.line, length: (f.end ?? f.line) - f.line + 1 }))
    .sort((a, b) => a.line - b.line);
}

// Where the arrow whose `=>` is token k starts, and its name.
function arrowStart(tokens, k) {
  let start = k - 1;
  if (tokens[start]?.value === ')') start = opener(tokens, start);
  if (tokens[start - 1]?.value === 'async') start--;
  return { name: assignedName(tokens, start) ?? '(arrow)', line: tokens[start].line };
}

/** The files checked: www/**\/*.js but www/pkg/, and embed.js, relative to `root`. */
export function pageFiles(root = ROOT) {
  const www = readdirSync(join(root, 'www'), { recursive: true })
    .map((f) => `www/${f.split('\\').join('/')}`)
    .filter((f) => f.endsWith('.js') && !f.startsWith('www/pkg/'));
  return [...www, 'embed.js'].sort();
}

/** Every function of `files` (relative to root): [{file, name, line, length}], longest first. */
export function measure(files, root = ROOT) {
  const all = [];
  for (const file of files) {
    let found;
    try {
      found = functions(readFileSync(join(root, file), 'utf8'));
    } catch (e) {
      throw new Error(`${file}: ${e.message}`);
    }
    for (const f of found) all.push({ file, ...f });
  }
  return all.sort((a, b) => b.length - a.length || a.file.localeCompare(b.file) || a.line - b.line);
}

/** The check: {long (over LIMIT, not allowed), stale (allowed, but not over LIMIT)}. */
export function check(all, { limit = LIMIT, allowed = ALLOWED, files } = {}) {
  const key = (f) => `${f.file}: ${f.name}`;
  const long = all.filter((f) => f.length > limit);
  const stale = allowed.filter((a) => (!files || files.includes(a.split(':')[0])) && !long.some((f) => key(f) === a));
  return { long: long.filter((f) => !allowed.includes(key(f))), stale };
}

function main(args) {
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 0;
  const files = args.length ? args.map((f) => relative(ROOT, join(process.cwd(), f)).split('\\').join('/')) : pageFiles();
  const all = measure(files);
  const line = (f) => `${f.file}:${f.line}: ${f.name} is ${f.length} lines`;
  if (top) {
    for (const f of all.slice(0, top)) console.log(line(f));
    return 0;
  }
  const { long, stale } = check(all, { files: args.length ? files : undefined });
  for (const f of long) console.error(`${line(f)} (the limit is ${LIMIT}): split it into functions of one job each`);
  for (const a of stale) console.error(`${a} is no longer over ${LIMIT} lines: remove it from ALLOWED in tools/check/function-lengths.mjs`);
  if (long.length || stale.length) return 1;
  console.log(`function lengths: no function of ${files.length} files is over ${LIMIT} lines${ALLOWED.length ? `, but the ${ALLOWED.length} allowed` : ''}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
