// The game's settings: the saved ones (storage.js cleans them against the catalogue), with what
// an embedder gave winning over them, the picked strategy's catalogue entry and budget, and
// saving them. No DOM.
import { cleanBudget, defaultBudget } from '../ai/strategies.js';
import { THEMES, validSpeed } from '../shared/choices.js';

/**
 * storage: storage.js's; catalog: gameCatalog(engine); options: { theme, speed, ms, nodes,
 * strategy } that win over the saved settings (ms and nodes: the strategy's budget, when it
 * takes one). Returns {values (the settings object, changed in place), info(name), budget(name), save()}.
 */
export function createSettings({ storage, catalog, options = {} }) {
  const values = storage.loadSettings(catalog);
  const info = (name = values.strategy) => catalog.find((s) => s.name === name);
  if (THEMES.includes(options.theme)) values.theme = options.theme;
  if (validSpeed(options.speed)) values.speed = options.speed;
  if (catalog.some((s) => s.name === options.strategy)) values.strategy = options.strategy;
  // An embedder's budget (a node budget wins over a time budget) applies to the strategy in use.
  const given = [['nodes', options.nodes], ['ms', options.ms]]
    .map(([name, value]) => value != null && cleanBudget(info(), { [name]: value })).find(Boolean);
  if (given) values.budgets[values.strategy] = given;
  return {
    values,
    info,
    budget: (name = values.strategy) => values.budgets[name] ?? defaultBudget(info(name)),
    save: () => storage.saveSettings(values),
  };
}
