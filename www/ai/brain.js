// The AI panel's side of the settings: its picture of the picked strategy (setBrain:
// explanation, strength choices, what its strength lines say, network, weights), the strategy,
// strength and network chosen, a learned strategy's network asked for, and the weights checked.
// No DOM: the view draws (the full panel puts the strength in words: strength-words.js).
import { budgetKey, budgetLabel, checkWeights, explained, strengthChoices, withExplanations } from './strategies.js';
import { BEST } from './best.js';
import { SHIPPED } from '../shared/choices.js';
import { errorText } from '../shared/errors.js';


/**
 * The engine's word on weights for strategy `s` (a one-node request in a worker on game `g`'s
 * position): null when it takes them (or no game or worker can ask), else the error by the field
 * it names (else `changed`).
 */
async function engineRefusal(ai, g, s, weights, changed) {
  if (!g) return null;
  const probe = s.options.nodes ? { nodes: 1 } : s.options.depth ? { depth: 1 } : {};
  try {
    await ai.decide(Array.from(g.cells()), g.size, { strategy: s.name, ...probe, weights });
    return null;
  } catch (e) {
    if (e.unavailable) return null;
    const text = errorText(e);
    const field = s.weights.find((f) => new RegExp(`\\b${f.name}\\b`).test(text))?.name
      ?? (s.weights.some((f) => f.name === changed) ? changed : '');
    return { [field]: text };
  }
}

/**
 * ai: the pool (decide, network, pick, nodesPerMs, count); view: setBrain, setWeightErrors;
 * settings: the game's ({values, info, budget, save}); catalog: gameCatalog(engine); game(): the
 * engine's Game shown, or null before the first game; interval(): the speed's intervalMs.
 */
export function createBrain({ ai, view, settings, catalog, game, interval }) {
  const { values, info, budget } = settings;
  const size = () => game()?.size ?? values.size;
  // The strategies' explanations: `explain(name)` resolves to one strategy's words (explainWith,
  // after the first board); each is asked once, when its strategy is shown.
  let explain = null;
  const asked = new Set();

  function wantWords(s) {
    if (!explain || explained(s) || asked.has(s.plays)) return;
    asked.add(s.plays);
    explain(s.plays).then((words) => {
      withExplanations(catalog, { [s.plays]: words });
      if (info().plays === s.plays) show();
    }, () => {});
  }

  // The strategy panel: picker, explanation, strength choices, weights.
  function show() {
    const s = info();
    wantWords(s);
    const w = s.weights ? values.weights[s.name] ?? s.weightDefaults : null;
    const network = s.needs === 'network' ? s.network : null;
    view.setBrain({
      strategy: s.name,
      picked: s.plays,
      network,
      // The network line: a learned strategy's network, or the default player's on 4x4 (the
      // heuristic plays while it downloads).
      networkLine: s.name === BEST ? (game()?.size === 4 ? SHIPPED : null) : network,
      explanation: s.explanation,
      choices: strengthChoices(s).map(({ key, label }) => ({ key, label })),
      chosen: budgetKey(budget()),
      chosenLabel: budgetLabel(budget(), s.plays),
      weights: s.weights ? s.weights.map((f) => ({ ...f, value: w[f.name] })) : null,
      customWeights: Boolean(values.weights[s.name]),
      // What the strength lines say (strength-words.js's strengthWords puts it in words): "Fits
      // the speed": the rung it chose on this machine (and the default player's family), and why.
      strength: { info: s, budget: budget(), nodesPerMs: ai?.nodesPerMs, count: ai?.count, intervalMs: interval(), pick: ai?.pick?.(size(), interval()) ?? null, endgameFailed: ai?.endgameFailed ?? false },
      bothLadders: s.name === BEST,
    });
  }

  const brain = {
    show,

    /**
     * A learned strategy's network, asked for when the strategy is picked and at each Start AI,
     * Step and Hint on 4x4 (the only board it plays): the pool downloads it once, and tries
     * again a network other than the shipped one that failed.
     */
    askNetwork(name = values.strategy) {
      const s = info(name);
      if (s?.needs === 'network' && game()?.size === 4) ai?.network?.(s.network ?? undefined).catch(() => {});
    },

    /** `load(name)` resolves to a strategy's words (strategies.js's loadExplanation). */
    explainWith(load) {
      explain = load;
      show();
    },

    /** A strategy picked; false if unknown. */
    setStrategy(name) {
      if (!info(name)) return false;
      if (values.strategy !== name) view.setWeightErrors({});
      values.strategy = name;
      show();
      settings.save();
      // A learned strategy: its network starts downloading now, not at the first move.
      brain.askNetwork(name);
      return true;
    },

    /** The same strategy with network `key` ("shipped" or "yours"): a name of its own (td-yours). */
    setNetwork(key) {
      const s = catalog.find((c) => c.plays === info().plays && c.network === key);
      return s ? brain.setStrategy(s.name) : false;
    },

    /** A strength: a budget key ("nodes200000", "ms50", ...) of the choices, or `given`, a budget not among them. */
    setStrength(key, given) {
      const clean = given ?? strengthChoices(info()).find((c) => c.key === key)?.budget;
      if (!clean) return false;
      values.budgets[values.strategy] = clean;
      show();
      settings.save();
      return true;
    },

    /**
     * The user's evaluation weights for the current strategy, checked field by field, then as a
     * set by the engine (a one-node request in a worker); a rejected set shows its error next to
     * the field it names (else `changed`) and the last good weights stay. Resolves to true when taken.
     */
    async setWeights(typed, changed) {
      const s = info();
      if (!s.weights) return false;
      const checked = checkWeights(s, typed);
      if (checked.errors) {
        view.setWeightErrors(checked.errors);
        return false;
      }
      const refused = await engineRefusal(ai, game(), s, checked.weights, changed);
      if (refused) {
        view.setWeightErrors(refused);
        return false;
      }
      if (values.strategy !== s.name) return false;
      values.weights[s.name] = checked.weights;
      settings.save();
      view.setWeightErrors({});
      show();
      return true;
    },

    /** Back to the engine's default weights for the current strategy. */
    resetWeights() {
      delete values.weights[values.strategy];
      settings.save();
      view.setWeightErrors({});
      show();
    },
  };
  return brain;
}
