// Written by tools/build/types.mjs from the code's lists: do not edit (`node tools/build/types.mjs`).

/** A board's size: n x n cells. */
export type BoardSize = 3 | 4 | 5 | 6 | 7 | 8;

/** A game's mode. */
export type Mode = 'classic' | 'endless';

/** A board's colour theme. */
export type Theme = 'system' | 'light' | 'dark' | 'solarized' | 'contrast';

/** The AI's speed: the least time between two of its moves. */
export type Speed = 'watch' | 'fast' | 'faster' | 'max';

/** Which keys move the board: only while it has the focus, the whole page's, or none. */
export type KeyboardMode = 'focus' | 'document' | 'none';

/** How much of the board's controls show. */
export type Controls = 'none' | 'minimal' | 'full';

/** A strategy `bestMove` plays (the engine's catalogue: strategies(), learnedStrategies()). */
export type EngineStrategyName = 'random' | 'corner' | 'cycle' | 'greedy' | 'montecarlo' | 'montecarlo-dynamic' | 'minimax' | 'minimax-id' | 'expectimax' | 'td' | 'expectimax-td';

/** A strategy the board plays: the default player, the engine's strategies, and each learned one with your network. */
export type StrategyName = 'best' | 'random' | 'corner' | 'cycle' | 'greedy' | 'montecarlo' | 'montecarlo-dynamic' | 'minimax' | 'minimax-id' | 'expectimax' | 'td' | 'expectimax-td' | 'td-yours' | 'expectimax-td-yours';
