// The packed wall sets of an endgame file (`*.ews`, src/ai/endgame/reachable/packed.rs), one
// after another: each a 28-byte head (the walls' code at 10, the target at 11, the positions'
// count at 20, the codes' length at 24), the codes, a nibble a position, and its CRC-32, which
// names it (as the arena's game lines and loadEndgame write it: 8 hex digits).

const WALLS = { 1: '442', 2: 'L3', 3: '443' };

/** Each set of `bytes` (a Buffer), in the file's order: {table: '443-t10', target: 10, name: 'd3bdb211'}. */
export function packedSets(bytes) {
  const sets = [];
  for (let at = 0; at < bytes.length;) {
    const end = at + 28 + bytes.readUInt32LE(at + 24) + Math.ceil(bytes.readUInt32LE(at + 20) / 2) + 4;
    const target = bytes[at + 11];
    sets.push({ table: `${WALLS[bytes[at + 10]]}-t${target}`, target, name: bytes.readUInt32LE(end - 4).toString(16).padStart(8, '0') });
    at = end;
  }
  return sets;
}

/** The name loadEndgame gives a file's sets: their names in the file's order, joined by "+". */
export const setsName = (bytes) => packedSets(bytes).map((s) => s.name).join('+');
