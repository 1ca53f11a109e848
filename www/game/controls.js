// The full controls' parts (controls "full": the game page, an embed that asks for them), in
// one module that view.js loads once a board has its engine: the panel with its dialogs, the AI
// panel and the record bar. One module, so that a first board waits on one more file rather than
// on one per part (make dist bundles it with what it imports, the first board's modules aside).
export { createPanel } from './panel.js';
export { createAiPanel } from '../ai/panel.js';
export { createRecordBar } from '../records/record-bar.js';
