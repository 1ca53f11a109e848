// An external player for `arena --external` (tests/integration/arena.rs): the built-in `corner` strategy
// written again outside the engine: the first of up, left, right, down that moves a tile.
// It reads a position a line (tiles row by row, 0 for empty) and answers the move's name.
import { createInterface } from 'node:readline';

const ORDER = ['up', 'left', 'right', 'down'];

// The cells of each line of the board, from the edge the tiles slide towards.
function lines(n, dir) {
  const out = [];
  for (let a = 0; a < n; a++) {
    const line = [];
    for (let k = 0; k < n; k++) {
      const along = dir === 'right' || dir === 'down' ? n - 1 - k : k;
      line.push(dir === 'up' || dir === 'down' ? along * n + a : a * n + along);
    }
    out.push(line);
  }
  return out;
}

function moves(tiles, n, dir) {
  return lines(n, dir).some((line) => {
    const values = line.map((i) => tiles[i]);
    const last = values.findLastIndex((v) => v !== 0);
    if (values.slice(0, last + 1).includes(0)) return true; // a tile slides into a gap
    return values.some((v, k) => v !== 0 && v === values[k + 1]); // two alike merge
  });
}

for await (const line of createInterface({ input: process.stdin })) {
  const tiles = line.trim().split(/\s+/).map(Number);
  const n = Math.round(Math.sqrt(tiles.length));
  console.log(ORDER.find((dir) => moves(tiles, n, dir)) ?? 'up');
}
