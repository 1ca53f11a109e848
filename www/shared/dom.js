// The one way the views build elements: text goes in as text, never as HTML.
import { ASSETS } from './assets.js';

/** A new `tag` element with an optional class name and text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text != null) node.textContent = text;
  return node;
}

/** Appends `child` to `parent`; returns the child. */
export function add(parent, child) {
  parent.append(child);
  return child;
}

/**
 * Names `node` a CSS part of the board (or several: 'tile tile-2048'), which a host page may
 * style from outside the shadow root with ::part() (docs/embed.md, "CSS parts"). Returns node.
 */
export function part(node, names) {
  node.setAttribute('part', names);
  return node;
}

export function button(className, text, onClick) {
  const b = part(el('button', className, text), 'button');
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

/**
 * A group of toggle buttons, every choice in sight and one press away (the settings, the
 * AI's speed). options: [[value, label]].
 * Returns {wrap, set(value), setOptions(options)}.
 */
export function choices(idPrefix, name, label, options, onChoose) {
  const wrap = el('div', `setting setting-${name}`);
  wrap.setAttribute('role', 'group');
  const caption = add(wrap, el('span', 'setting-label', label));
  caption.id = `${idPrefix}-${name}`;
  wrap.setAttribute('aria-labelledby', caption.id);
  const list = add(wrap, el('div', 'choices'));
  let buttons = new Map();
  let shown = [];
  const group = {
    wrap,
    set(value) {
      for (const [v, b] of buttons) b.setAttribute('aria-pressed', String(v === String(value)));
    },
    /** Replaces the buttons (only when the list differs, so focus stays on a pressed button). */
    setOptions(next) {
      const same = next.length === shown.length && next.every(([v, t], i) => v === shown[i][0] && t === shown[i][1]);
      if (same) return;
      shown = next.map(([v, t]) => [v, t]);
      list.textContent = '';
      buttons = new Map();
      for (const [value, text] of next) {
        const b = add(list, button(`choice choice-${value}`, text, () => onChoose(value)));
        b.setAttribute('aria-pressed', 'false');
        buttons.set(String(value), b);
      }
    },
  };
  group.setOptions(options);
  return group;
}

/**
 * Links a stylesheet (one of assets.js's sheets, e.g. 'records.css') into the document or
 * shadow root that holds `node`, once; resolves when it has loaded (or failed: the content
 * then shows unstyled rather than not at all).
 */
export function linkSheet(node, path) {
  const root = node.getRootNode();
  const parent = root.head ?? root;
  const href = ASSETS.sheets[path]().href;
  let link = [...parent.querySelectorAll('link[rel="stylesheet"]')].find((l) => l.href === href);
  if (link) return link.loaded ?? Promise.resolve();
  link = (root.ownerDocument ?? root).createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.loaded = new Promise((done) => {
    link.onload = link.onerror = () => done();
  });
  parent.append(link);
  return link.loaded;
}
