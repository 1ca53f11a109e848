// The settings dialog's "Advanced: evaluation weights": a field per weight of the picked
// strategy (its range from the engine's catalogue), each error beside its field, and Reset to
// defaults. Every change goes to `handlers`; classes, text and ARIA only.
import { el, add, button } from '../shared/dom.js';

/** id: a prefix for element ids; handlers: {weights({field: text}, changedField), resetWeights()}; into: the settings dialog's body. */
export function createWeightsForm(id, handlers, into) {
  const advanced = el('details', 'ai-advanced');
  into?.append(advanced);
  add(advanced, el('summary', null, 'Advanced: evaluation weights'));
  const form = add(advanced, el('div', 'weights'));
  const wholeError = add(advanced, el('p', 'weights-error'));
  wholeError.setAttribute('role', 'alert');
  const bar = add(advanced, el('div', 'weights-bar'));
  const resetButton = add(bar, button('btn weights-reset', 'Reset to defaults', () => handlers.resetWeights()));
  const inputs = new Map(); // field -> { input, error }
  let shownFields = '';

  function row(f) {
    const line = add(form, el('div', `weight weight-${f.name}`));
    const label = add(line, el('label', null, f.name.replace(/_/g, ' ')));
    const input = add(line, el('input'));
    input.type = 'number';
    input.step = 'any';
    input.inputMode = 'decimal';
    input.name = f.name;
    input.id = label.htmlFor = `${id}-weight-${f.name}`;
    if (f.min != null) input.min = String(f.min);
    if (f.max != null) input.max = String(f.max);
    input.title = `Default ${f.default}${f.min != null && f.max != null ? `; ${f.min} to ${f.max}` : ''}`;
    const error = add(line, el('span', 'weight-error'));
    error.id = `${input.id}-error`;
    input.setAttribute('aria-describedby', error.id);
    input.addEventListener('change', () => {
      const typed = {};
      for (const [name, w] of inputs) typed[name] = w.input.value;
      handlers.weights?.(typed, f.name);
    });
    inputs.set(f.name, { input, error });
  }

  return {
    /** The picked strategy's weights ([{name, min, max, default, value}] | null: hidden), and whether they are the user's. */
    set(strategy, weights, custom) {
      advanced.hidden = !weights;
      resetButton.disabled = !custom;
      const fields = weights ? `${strategy}:${weights.map((f) => f.name).join(',')}` : '';
      if (fields !== shownFields) {
        shownFields = fields;
        form.textContent = '';
        inputs.clear();
        for (const f of weights ?? []) row(f);
      }
      for (const f of weights ?? []) {
        const w = inputs.get(f.name);
        if (w && w.input.value !== String(f.value)) w.input.value = String(f.value);
      }
    },

    /** Errors of the weights typed: {field: text}; the key '' is an error of the whole set. {} clears. */
    setErrors(errors) {
      for (const [name, w] of inputs) {
        const text = errors[name] ?? '';
        w.error.textContent = text;
        if (text) w.input.setAttribute('aria-invalid', 'true');
        else w.input.removeAttribute('aria-invalid');
      }
      wholeError.textContent = errors[''] ?? '';
    },
  };
}
