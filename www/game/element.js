// <game-2048>: the custom element around mount(). Its attributes are mount()'s
// options (storage-key = storageKey), and properties of the same names (storageKey) that set
// them; changing one later applies it to the running game, or re-mounts the board when it
// cannot (persist, storage-key, controls, offline). The element offers the controller's whole
// interface (game-api.js's one list: its methods, state getters, `ready`, `element`), and the
// controller's events (move, won, over, record, ai-start, ai-stop, error, ready) fire on it.
import { mount } from './mount.js';
import { ATTRIBUTES, FLAG_ATTRIBUTES, OPTION_OF, REMOUNT_OPTIONS, flagAttribute } from './options.js';
import { API_METHODS, STATE_GETTERS, noState } from './game-api.js';

const BaseElement = globalThis.HTMLElement ?? class {};
// A boolean attribute's value as mount() reads it (HTML's rule: present is on, but for "off" and "false").
const isOn = (value) => value !== null && flagAttribute('', value, () => {});
// Each attribute's property (storage-key: storageKey).
const PROPERTIES = ATTRIBUTES.map((attribute) => OPTION_OF[attribute] ?? attribute);

export class Game2048Element extends BaseElement {
  static observedAttributes = ATTRIBUTES;
  #game = null;
  // `ready` while there is no board: one promise, which follows the next board's `ready`.
  #waiting = null;
  // An option setOption applied, being written to its attribute: not applied again.
  #reflecting = false;

  #options() {
    const options = {};
    for (const name of ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (value !== null) options[OPTION_OF[name] ?? name] = value;
    }
    return options;
  }

  connectedCallback() {
    // A property set on the tag before this class was defined (a framework that renders the
    // tag before the embed's script loads) is the instance's own and would hide the class's
    // setter: set it again through the setter, so that it becomes its attribute.
    for (const name of PROPERTIES) {
      if (!Object.hasOwn(this, name)) continue;
      const value = this[name];
      delete this[name];
      this[name] = value;
    }
    this.#game ??= mount(this, this.#options());
    this.#waiting?.follow(this.#game.ready);
    this.#waiting = null;
  }

  disconnectedCallback() {
    // A board moved elsewhere in the page is connected again before this runs: keep it.
    queueMicrotask(() => {
      if (!this.isConnected) this.destroy();
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.#game || old === value || this.#reflecting) return;
    const option = OPTION_OF[name] ?? name;
    if (value === null && name !== 'autoplay') return;
    // persist, storage-key, controls, offline and assets need a new board; the others apply.
    if (!REMOUNT_OPTIONS.includes(option)) {
      this.#game.setOption(option, name === 'autoplay' ? isOn(value) : value);
      return;
    }
    this.#game.destroy();
    this.#game = mount(this, this.#options());
  }

  /**
   * The board's setOption, reflected: an option it applies (or queues before ready) also sets
   * its attribute, without applying it twice, so that the property, getAttribute and a page's
   * `game-2048[theme="dark"]` rules read what the board plays.
   */
  setOption(name, value) {
    if (!this.#game) return API_METHODS.setOption();
    const applied = this.#game.setOption(name, value);
    const attribute = ATTRIBUTES.find((a) => (OPTION_OF[a] ?? a) === name);
    if (!applied || !attribute) return applied;
    this.#reflecting = true;
    try {
      if (FLAG_ATTRIBUTES.includes(attribute)) this.toggleAttribute(attribute, value != null && isOn(String(value)));
      else this.setAttribute(attribute, String(value));
    } finally {
      this.#reflecting = false;
    }
    return applied;
  }

  /** The controller (see mount.js); null after destroy() until the element is connected again. */
  get game() { return this.#game; }
  /** The element the board is mounted in: this element (the controller's `element` is it too). */
  get element() { return this; }
  /**
   * The board's `ready`. Without a board (not yet connected, or destroyed) it is one promise,
   * the same on every read, that settles as the next board's does once the element is
   * connected; like the board's, its rejection needs no handler.
   */
  get ready() {
    if (this.#game) return this.#game.ready;
    if (!this.#waiting) {
      let follow;
      const promise = new Promise((resolve) => { follow = resolve; });
      promise.catch(() => {});
      this.#waiting = { promise, follow };
    }
    return this.#waiting.promise;
  }

  /** Removes the board (its DOM, listeners and AI workers); the element stays. */
  destroy() {
    this.#game?.destroy();
    this.#game = null;
  }
}

const proto = Game2048Element.prototype;
const define = (name, descriptor) => Object.defineProperty(proto, name, { configurable: true, ...descriptor });
// The controller's methods, each forwarded (what API_METHODS says without a board); destroy is the element's own.
for (const [name, none] of Object.entries(API_METHODS)) {
  if (Object.hasOwn(proto, name)) continue;
  define(name, { writable: true, value(...args) { return this.game ? this.game[name](...args) : none(); } });
}
// Its state getters: the board's state, else what the controller reads before its first board.
for (const name of Object.keys(STATE_GETTERS)) {
  define(name, { get() { return this.game ? this.game[name] : noState(name); } });
}
// Each attribute as a property (storage-key: storageKey) that sets it: autoplay and offline are
// booleans, the others the attribute's text (null when absent). `size` reads the board's size
// (a state getter) and sets the attribute.
ATTRIBUTES.forEach((attribute, i) => {
  const name = PROPERTIES[i];
  const flag = FLAG_ATTRIBUTES.includes(attribute);
  const get = Object.getOwnPropertyDescriptor(proto, name)?.get
    ?? (flag ? function () { return isOn(this.getAttribute(attribute)); } : function () { return this.getAttribute(attribute); });
  define(name, {
    get,
    set(value) {
      if (flag) this.toggleAttribute(attribute, Boolean(value));
      else if (value == null) this.removeAttribute(attribute);
      else this.setAttribute(attribute, String(value));
    },
  });
});

if (globalThis.customElements && !customElements.get('game-2048')) customElements.define('game-2048', Game2048Element);
