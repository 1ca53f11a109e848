// <game-2048>: the custom element around mount(). Its attributes are mount()'s
// options (storage-key = storageKey); changing one later applies it to the
// running game, or re-mounts the board when it cannot (persist, storage-key).
// The element forwards the controller's methods and state, and the controller's
// events (move, won, over, record, ai-start, ai-stop, error, ready) fire on it.
import { mount } from './mount.js';
import { ATTRIBUTES, OPTION_OF } from './options.js';

const BaseElement = globalThis.HTMLElement ?? class {};

export class Game2048Element extends BaseElement {
  static observedAttributes = ATTRIBUTES;
  #game = null;

  #options() {
    const options = {};
    for (const name of ATTRIBUTES) {
      const value = this.getAttribute(name);
      if (value !== null) options[OPTION_OF[name] ?? name] = value;
    }
    return options;
  }

  connectedCallback() {
    this.#game ??= mount(this, this.#options());
  }

  disconnectedCallback() {
    // A board moved elsewhere in the page is connected again before this runs: keep it.
    queueMicrotask(() => {
      if (!this.isConnected) this.destroy();
    });
  }

  attributeChangedCallback(name, old, value) {
    if (!this.#game || old === value) return;
    const option = OPTION_OF[name] ?? name;
    if (value === null && name !== 'autoplay') return;
    if (!this.#game.setOption(option, name === 'autoplay' ? value !== null && value !== 'off' && value !== 'false' : value)
      && (name === 'persist' || name === 'storage-key' || name === 'controls' || name === 'offline')) {
      this.#game.destroy();
      this.#game = mount(this, this.#options());
    }
  }

  /** The controller (see mount.js); null after destroy() until the element is connected again. */
  get game() { return this.#game; }
  get ready() { return this.#game?.ready ?? Promise.reject(new Error('2048: not mounted')); }
  get score() { return this.#game?.score ?? 0; }
  get best() { return this.#game?.best ?? 0; }
  get won() { return this.#game?.won ?? false; }
  get over() { return this.#game?.over ?? false; }
  get moves() { return this.#game?.moves ?? 0; }
  get cells() { return this.#game?.cells ?? []; }
  get aiPlaying() { return this.#game?.aiPlaying ?? false; }
  newGame(options) { return this.#game?.newGame(options); }
  move(direction) { return this.#game?.move(direction); }
  undo() { return this.#game?.undo(); }
  keepGoing() { return this.#game?.keepGoing(); }
  startAI() { return this.#game?.startAI(); }
  stopAI() { return this.#game?.stopAI(); }
  step() { return this.#game?.step(); }
  hint() { return this.#game?.hint(); }
  getRecord() { return this.#game?.getRecord() ?? null; }
  loadRecord(record, options) { return this.#game?.loadRecord(record, options) ?? Promise.resolve(false); }

  /** Removes the board (its DOM, listeners and AI workers); the element stays. */
  destroy() {
    this.#game?.destroy();
    this.#game = null;
  }
}

if (globalThis.customElements && !customElements.get('game-2048')) customElements.define('game-2048', Game2048Element);
