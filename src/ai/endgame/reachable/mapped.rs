//! A table of reachable positions looked up in its file, mapped into memory, instead of read
//! into it: a table larger than memory (`443-t10`, some 19 GB) can be played and sampled, and
//! one that fits (`443-t9`) opens without its 80 s read and 10 GB. Opening reads the file
//! through once, layer by layer, with every check [`TableReader`] makes (the order and sums of
//! the keys, the length, the checksum); lookups then binary-search a layer's keys in the file's
//! pages, which the system keeps in memory as far as it can.

use std::path::Path;

use super::table::{key_bytes, Chances, TableReader};
use super::walls::WallGame;

/// A solved table in its mapped file.
pub struct MappedTable {
    game: WallGame,
    map: memmap2::Mmap,
    /// A key's bytes in the file.
    width: usize,
    /// The sum of the first layer.
    first: u32,
    /// Each layer's keys' offset in the file and its positions' count, by sum ascending; its
    /// chances follow its keys.
    layers: Vec<(usize, usize)>,
}

impl std::fmt::Debug for MappedTable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "MappedTable({}, {} bytes)",
            self.game.name(),
            self.map.len()
        )
    }
}

impl MappedTable {
    /// Maps the table file at `path` and checks it whole; the error names the file and what is
    /// wrong with it.
    pub fn open(path: &Path) -> Result<MappedTable, String> {
        let named = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let file = std::fs::File::open(path).map_err(|e| named(&e))?;
        // SAFETY: the table's file is not written while it is read (a build writes a new file
        // and nothing changes a finished one); a file changed under the map could give wrong
        // chances, never unsafety in this code, which reads only bytes inside the map.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| named(&e))?;
        let mut reader = TableReader::new(&map[..]).map_err(|e| named(&e))?;
        let game = reader.game().clone();
        let width = key_bytes(&game);
        let sizes = reader.sizes().to_vec();
        let mut offset = 16 + 12 * sizes.len();
        let mut layers = Vec::with_capacity(sizes.len());
        for &(_, len) in &sizes {
            let len = len as usize;
            layers.push((offset, len));
            offset += len * (width + 2);
        }
        while reader.layer().map_err(|e| named(&e))?.is_some() {}
        reader.finish().map_err(|e| named(&e))?;
        Ok(MappedTable {
            game,
            first: sizes.first().map_or(0, |&(sum, _)| sum),
            map,
            width,
            layers,
        })
    }

    /// The key at `i` of the layer whose keys start at `offset`.
    #[inline]
    fn key(&self, offset: usize, i: usize) -> u64 {
        let at = offset + i * self.width;
        let mut k = [0u8; 8];
        k[..self.width].copy_from_slice(&self.map[at..at + self.width]);
        u64::from_le_bytes(k)
    }

    pub fn positions(&self) -> u64 {
        self.layers.iter().map(|&(_, len)| len as u64).sum()
    }
}

impl Chances for MappedTable {
    fn game(&self) -> &WallGame {
        &self.game
    }

    fn chance_in(&self, sum: u32, key: u64) -> Option<f64> {
        let &(offset, len) = self.layers.get(sum.checked_sub(self.first)? as usize)?;
        let (mut lo, mut hi) = (0, len);
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            match self.key(offset, mid).cmp(&key) {
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
                std::cmp::Ordering::Equal => {
                    let at = offset + len * self.width + 2 * mid;
                    let chance = u16::from_le_bytes([self.map[at], self.map[at + 1]]);
                    return Some(f64::from(chance) / f64::from(u16::MAX));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::endgame::reachable::build::build_in_memory;
    use crate::ai::endgame::reachable::walls::Walls;

    /// A mapped table answers as the table read into memory does: every position it holds,
    /// every move of it, and positions it does not hold; and a file damaged on disk is named.
    #[test]
    fn a_mapped_table_answers_as_the_table_in_memory() {
        let game = WallGame::new(Walls::F443, 5).unwrap();
        let table = build_in_memory(&game).unwrap();
        let dir = std::env::temp_dir().join(format!("mapped-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("443-t5.egr");
        table.write_file(&path).unwrap();
        let mapped = MappedTable::open(&path).unwrap();
        assert_eq!(mapped.positions(), table.positions());
        let mut checked = 0;
        for (_, layer) in table.layers() {
            for &key in &layer.keys {
                assert_eq!(mapped.chance(key), table.chance(key));
                assert_eq!(mapped.move_chances(key), table.move_chances(key));
                // A key one past a held one, in the same layer's range, is not held by either.
                assert_eq!(
                    mapped.chance(key + 1).is_some(),
                    table.chance(key + 1).is_some()
                );
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} positions");
        let bytes = std::fs::read(&path).unwrap();
        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 1;
        std::fs::write(&path, &flipped).unwrap();
        let err = MappedTable::open(&path).unwrap_err();
        assert!(err.contains("443-t5.egr"), "{err}");
        assert!(err.contains("checksum") || err.contains("order"), "{err}");
        std::fs::write(&path, &bytes[..bytes.len() - 5]).unwrap();
        let err = MappedTable::open(&path).unwrap_err();
        assert!(err.contains("cut short"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
