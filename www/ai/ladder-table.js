// The AI panel's "Every strength, measured": what "Fits the speed" chose and why, then each
// rung of the ladders (strength-figures.js) with its share of whole games reaching 16384 and
// 32768; the learned network's ladder shows beside the heuristic's for the default player.
import { el, add } from '../shared/dom.js';
import { LADDER, TD_LADDER, positions } from './strength-figures.js';

const percent = (share) => (share == null ? '–' : `${Math.round(share * 100)}%`);

/** Returns {element, set({fit (words or ''), shown (whether it shows), both (both families)})}. */
export function createLadderTable() {
  const element = el('details', 'ai-ladder');
  add(element, el('summary', null, 'Every strength, measured'));
  const fitLine = add(element, el('p', 'ai-fit'));
  const table = add(element, el('table', 'ai-ladder-table'));
  add(table, el('caption', null, 'Whole games the arena played at each budget: the share that reached the tile'));
  const headRow = add(add(table, el('thead')), el('tr'));
  for (const h of ['Strength', 'Positions a move', '16384', '32768']) add(headRow, el('th', null, h)).scope = 'col';
  // A family's rungs, under its name when the default player shows both (its heading row hidden otherwise).
  const family = (ladder, kind, name) => {
    const rows = add(table, el('tbody', `ai-ladder-${kind}`));
    const heading = add(add(rows, el('tr', 'ai-ladder-family')), el('th', null, name));
    heading.scope = 'colgroup';
    heading.colSpan = 4;
    for (const r of ladder) {
      const row = add(rows, el('tr'));
      add(row, el('th', null, r.name)).scope = 'row';
      row.append(el('td', null, positions(r.nodes)), el('td', null, percent(r.reach?.[16384])), el('td', null, percent(r.reach?.[32768])));
    }
    return { rows, heading: heading.parentNode };
  };
  const heuristicRows = family(LADDER, 'heuristic', 'The heuristic search');
  const learnedRows = family(TD_LADDER, 'learned', 'The learned network');

  return {
    element,
    set({ fit, shown, both }) {
      fitLine.textContent = fit ?? '';
      fitLine.hidden = !fit;
      element.hidden = !shown;
      heuristicRows.heading.hidden = learnedRows.rows.hidden = !both;
    },
  };
}
