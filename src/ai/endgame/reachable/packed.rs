//! A packed wall set: a distilled set ([`DistilledTable`]) in under 2 bytes a position, the
//! form a page downloads. Each position is kept as a fingerprint of its key (a hash cut to
//! [`CHECK_BITS`] more bits than the count needs), the fingerprints sorted and stored as
//! Rice-coded gaps, with the position's best moves in a nibble beside. A board the set does not
//! hold is taken for one it holds about once in 2^[`CHECK_BITS`] lookups; the moves so named
//! then go through the same check search as any table's. Where two positions share a
//! fingerprint, the set keeps the moves best in both, or neither position when none is.
//!
//! Its file, little-endian:
//!
//! | offset | bytes | field |
//! | --- | --- | --- |
//! | 0 | 8 | magic `2048ews\n` |
//! | 8 | 2 | version: 1 |
//! | 10 | 1 | the walls (as in the full table's file) |
//! | 11 | 1 | the target exponent |
//! | 12 | 4 | the tie the best moves were chosen with (`f32`) |
//! | 16 | 1 | the fingerprints' width in bits, B |
//! | 17 | 1 | the Rice parameter, K |
//! | 18 | 2 | 0 |
//! | 20 | 4 | the positions' count, N |
//! | 24 | 4 | the codes' length in bytes, L |
//! | 28 | L | N Rice codes (K low bits after a unary quotient, least significant bit first) of the gaps between ascending fingerprints, each less 1 after the first |
//! | then | ceil(N / 2) | the best moves: position i's in the low nibble of byte i / 2 when i is even, else the high; bit d for the d-th of [`Direction::ALL`], in the canonical view |
//! | end | 4 | CRC-32 of every byte before it |
//!
//! A file may hold several sets, one after another ([`PackedSet::read_all`]).
//!
//! [`Direction::ALL`]: crate::direction::Direction::ALL

use std::io::{Read, Write};

use super::distilled::{covered_by_best, DistilledTable};
use super::file::{Checked, TableError};
use super::table::{read_head, write_head, Covered};
use super::walls::WallGame;

pub const MAGIC: &[u8; 8] = b"2048ews\n";
pub const VERSION: u16 = 1;
/// The fingerprint's bits beyond those the count needs: a board the set does not hold is
/// taken for one it holds about once in 2^CHECK_BITS lookups.
pub const CHECK_BITS: u32 = 8;
/// Every BLOCK-th fingerprint starts a block the lookup can decode from.
const BLOCK: usize = 64;
/// The widest fingerprint a file may name.
const MAX_BITS: u32 = 56;

#[derive(Clone, Debug, PartialEq)]
pub struct PackedSet {
    game: WallGame,
    tie: f32,
    bits: u32,
    rice: u32,
    count: usize,
    codes: Vec<u8>,
    moves: Vec<u8>,
    /// Each block's first fingerprint, the fingerprint before it (plus 1; 0 for the first) and
    /// where its codes start, in bits.
    blocks: Vec<Block>,
    /// Its file's checksum, which names the set (`PackedSet::sum`).
    sum: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Block {
    first: u64,
    next: u64,
    at: usize,
}

/// A position key's fingerprint of `bits` bits: the top bits of a fixed 64-bit mix of it.
fn fingerprint(key: u64, bits: u32) -> u64 {
    let mut z = key.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) >> (64 - bits)
}

/// The fingerprints' width and Rice parameter for `count` positions.
fn widths(count: usize) -> (u32, u32) {
    let bits = (usize::BITS - count.max(1).saturating_sub(1).leading_zeros()) + CHECK_BITS;
    // The gaps are near geometric with a mean of 2^bits / count: the best Rice parameter is
    // about log2 of the mean times ln 2.
    let mean = (1u64 << bits) as f64 / count.max(1) as f64;
    let rice = (mean * std::f64::consts::LN_2).log2().floor().max(0.0) as u32;
    (bits, rice)
}

/// Reads bits least significant first.
struct Bits<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Bits<'_> {
    fn bit(&mut self) -> Option<bool> {
        let byte = *self.bytes.get(self.at / 8)?;
        let bit = byte >> (self.at % 8) & 1 == 1;
        self.at += 1;
        Some(bit)
    }

    /// One Rice code of parameter `rice`: the gap it holds.
    fn gap(&mut self, rice: u32) -> Option<u64> {
        let mut quotient = 0u64;
        while self.bit()? {
            quotient += 1;
        }
        let mut low = 0u64;
        for i in 0..rice {
            low |= u64::from(self.bit()?) << i;
        }
        quotient.checked_shl(rice).map(|q| q | low)
    }
}

impl PackedSet {
    /// The set `distilled` holds, packed.
    pub fn pack(distilled: &DistilledTable) -> PackedSet {
        let (bits, rice) = widths(distilled.positions());
        let mut entries: Vec<(u64, u8)> = distilled
            .entries()
            .map(|(key, best)| (fingerprint(key, bits), best))
            .collect();
        entries.sort_unstable();
        // Positions that share a fingerprint keep the moves best in both.
        let mut merged: Vec<(u64, u8)> = Vec::with_capacity(entries.len());
        for (print, best) in entries {
            match merged.last_mut() {
                Some(last) if last.0 == print => last.1 &= best,
                _ => merged.push((print, best)),
            }
        }
        merged.retain(|e| e.1 != 0);
        let mut codes = Vec::new();
        let mut at = 0usize;
        let mut put = |bit: bool| {
            if at.is_multiple_of(8) {
                codes.push(0);
            }
            if bit {
                *codes.last_mut().expect("pushed") |= 1 << (at % 8);
            }
            at += 1;
        };
        let mut next = 0u64;
        for &(print, _) in &merged {
            let gap = print - next;
            for _ in 0..gap >> rice {
                put(true);
            }
            put(false);
            for i in 0..rice {
                put(gap >> i & 1 == 1);
            }
            next = print + 1;
        }
        let mut moves = vec![0u8; merged.len().div_ceil(2)];
        for (i, &(_, best)) in merged.iter().enumerate() {
            moves[i / 2] |= best << (4 * (i % 2));
        }
        let mut set = PackedSet::from_parts(
            distilled.game().clone(),
            distilled.tie(),
            (bits, rice),
            merged.len(),
            codes,
            moves,
        )
        .expect("a set just packed decodes");
        let file = set.write(Vec::new()).expect("written to memory");
        set.sum = u32::from_le_bytes(file[file.len() - 4..].try_into().expect("4 bytes"));
        set
    }

    /// The set of these parts, its blocks found by decoding every code; an error where the
    /// codes do not hold `count` ascending fingerprints of `bits` bits in exactly their bytes.
    fn from_parts(
        game: WallGame,
        tie: f32,
        (bits, rice): (u32, u32),
        count: usize,
        codes: Vec<u8>,
        moves: Vec<u8>,
    ) -> Result<PackedSet, TableError> {
        let bad = |what: &str| TableError::BadField(format!("packed set: {what}"));
        let mut blocks = Vec::with_capacity(count.div_ceil(BLOCK));
        let mut reader = Bits {
            bytes: &codes,
            at: 0,
        };
        let mut next = 0u64;
        for i in 0..count {
            let at = reader.at;
            let print = reader
                .gap(rice)
                .and_then(|gap| next.checked_add(gap))
                .filter(|&p| p >> bits == 0)
                .ok_or_else(|| bad("a fingerprint's code runs past its end or its width"))?;
            if i.is_multiple_of(BLOCK) {
                blocks.push(Block {
                    first: print,
                    next,
                    at,
                });
            }
            next = print + 1;
        }
        if reader.at.div_ceil(8) != codes.len() {
            return Err(bad("bytes past the last fingerprint's code"));
        }
        let nibble = |i: usize| moves[i / 2] >> (4 * (i % 2)) & 0xf;
        if moves.len() != count.div_ceil(2)
            || (0..count).any(|i| nibble(i) == 0)
            || (!count.is_multiple_of(2) && nibble(count) != 0)
        {
            return Err(bad("a position without a best move"));
        }
        Ok(PackedSet {
            game,
            tie,
            bits,
            rice,
            count,
            codes,
            moves,
            blocks,
            sum: 0,
        })
    }

    pub fn game(&self) -> &WallGame {
        &self.game
    }

    pub fn tie(&self) -> f32 {
        self.tie
    }

    /// How many positions the set holds (positions that shared a fingerprint count once).
    pub fn positions(&self) -> usize {
        self.count
    }

    /// Its file's checksum (CRC-32), which names the set: `1a2b3c4d` in hex.
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// The bytes the set takes in memory.
    pub fn bytes(&self) -> usize {
        self.codes.len() + self.moves.len() + self.blocks.len() * std::mem::size_of::<Block>()
    }

    /// The best moves of the position whose key is `key`, as bits of the canonical view's
    /// directions, where the set holds it (or one of its fingerprint).
    fn best(&self, key: u64) -> Option<u8> {
        let print = fingerprint(key, self.bits);
        let block = self
            .blocks
            .partition_point(|b| b.first <= print)
            .checked_sub(1)?;
        let start = self.blocks[block];
        let mut reader = Bits {
            bytes: &self.codes,
            at: start.at,
        };
        let mut next = start.next;
        for i in block * BLOCK..self.count.min((block + 1) * BLOCK) {
            let here = next + reader.gap(self.rice)?;
            if here >= print {
                return (here == print).then(|| self.moves[i / 2] >> (4 * (i % 2)) & 0xf);
            }
            next = here + 1;
        }
        None
    }

    /// Where the set holds the board (a nibble per cell): its best moves at chance 1, its other
    /// legal moves at 0, as [`DistilledTable::covers`] gives them.
    pub fn covers(&self, board: u64) -> Option<Covered> {
        let (sym, key) = self.game.find(board)?;
        let best = self.best(key)?;
        Some(covered_by_best(&self.game, sym, key, best))
    }

    pub fn write<W: Write>(&self, out: W) -> std::io::Result<W> {
        let mut out = write_head(out, MAGIC, VERSION, &self.game)?;
        out.put(&self.tie.to_le_bytes())?;
        out.put(&[self.bits as u8, self.rice as u8, 0, 0])?;
        out.put(&(self.count as u32).to_le_bytes())?;
        out.put(&(self.codes.len() as u32).to_le_bytes())?;
        out.put(&self.codes)?;
        out.put(&self.moves)?;
        out.finish()
    }

    /// Every set of a file that holds one or more, one after another (the page's endgame file
    /// holds one a table, largest target first: `cat 443-t10.ews 443-t9.ews`); each is checked
    /// as [`PackedSet::read`] checks a file of one, and the first thing wrong is named.
    pub fn read_all(bytes: &[u8]) -> Result<Vec<PackedSet>, TableError> {
        let mut sets = Vec::new();
        let mut rest = bytes;
        loop {
            // A set's length from its head; a head that is not a set's is left to `read` to name.
            let len = if rest.len() >= 28 && rest[..8] == MAGIC[..] {
                let word = |at: usize| {
                    u32::from_le_bytes(rest[at..at + 4].try_into().expect("4 bytes")) as usize
                };
                28 + word(24) + word(20).div_ceil(2) + 4
            } else {
                rest.len()
            };
            let (one, after) = rest.split_at(len.min(rest.len()));
            sets.push(PackedSet::read(one)?);
            if after.is_empty() {
                return Ok(sets);
            }
            rest = after;
        }
    }

    pub fn read<R: Read>(input: R) -> Result<PackedSet, TableError> {
        let mut input = Checked::new(input);
        let mut head = [0u8; 28];
        let game = read_head(&mut input, &mut head, MAGIC, VERSION)?;
        let word = |at: usize| u32::from_le_bytes(head[at..at + 4].try_into().expect("4 bytes"));
        let tie = f32::from_bits(word(12));
        let (bits, rice) = (u32::from(head[16]), u32::from(head[17]));
        let (count, length) = (word(20) as usize, word(24) as usize);
        if !(0.0..1.0).contains(&tie)
            || !(CHECK_BITS..=MAX_BITS).contains(&bits)
            || rice >= bits
            || head[18..20] != [0, 0]
        {
            return Err(TableError::BadField(format!(
                "packed set: tie {tie}, fingerprints of {bits} bits, Rice parameter {rice}"
            )));
        }
        // In pieces, so that a length a cut file overstates fails at its end.
        let mut take = |n: usize| -> Result<Vec<u8>, TableError> {
            let mut bytes = Vec::new();
            while bytes.len() < n {
                let start = bytes.len();
                bytes.resize(n.min(start + (1 << 20)), 0);
                input.take(&mut bytes[start..])?;
            }
            Ok(bytes)
        };
        let codes = take(length)?;
        let moves = take(count.div_ceil(2))?;
        let sum = input.finish()?;
        let set = PackedSet::from_parts(game, tie, (bits, rice), count, codes, moves)?;
        Ok(PackedSet { sum, ..set })
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use crate::ai::endgame::reachable::build::build_in_memory;
    use crate::ai::endgame::reachable::distilled::best_moves;
    use crate::ai::endgame::reachable::table::Chances;
    use crate::ai::endgame::reachable::walls::Walls;
    use crate::direction::Direction;

    /// A distilled set of every position of 443 at target 16 that has a best move.
    fn distilled() -> DistilledTable {
        let game = WallGame::new(Walls::F443, 4).unwrap();
        let full = build_in_memory(&game).unwrap();
        let mut entries = Vec::new();
        for (_, layer) in full.layers() {
            for &key in &layer.keys {
                let chances = full.covers(game.board(key)).unwrap().chances;
                entries.push((key, best_moves(&chances, 0.001)));
            }
        }
        DistilledTable::new(game, 0.001, entries)
    }

    #[test]
    fn a_packed_set_gives_the_distilled_sets_moves_in_every_symmetry_and_reads_back() {
        let distilled = distilled();
        let packed = PackedSet::pack(&distilled);
        let game = distilled.game().clone();
        assert!(packed.positions() > 1000);
        // Under 2 bytes a position.
        let bytes = packed.write(Vec::new()).unwrap();
        assert!(
            bytes.len() < 2 * packed.positions(),
            "{} bytes",
            bytes.len()
        );
        let mut same = 0;
        for (n, (key, _)) in distilled.entries().enumerate() {
            let board = crate::ai::endgame::reachable::symmetry::Symmetry::ALL[n % 8]
                .canonical(game.board(key));
            let want = distilled.covers(board).unwrap();
            // A position whose fingerprint another shares keeps only the moves best in both.
            match packed.covers(board) {
                Some(got) if got == want => same += 1,
                Some(got) => {
                    for d in Direction::ALL {
                        assert!(got.chances[d.index()] <= want.chances[d.index()], "{key:x}");
                    }
                }
                None => {}
            }
        }
        assert!(same as f64 >= 0.99 * distilled.positions() as f64, "{same}");
        assert_eq!(PackedSet::read(&bytes[..]).unwrap(), packed);
    }

    #[test]
    fn a_board_the_set_does_not_hold_is_seldom_taken_for_one() {
        let distilled = distilled();
        // Every other position packed: the rest are boards the set does not hold.
        let game = distilled.game().clone();
        let all: Vec<(u64, u8)> = distilled.entries().collect();
        let half = DistilledTable::new(
            game.clone(),
            0.001,
            all.iter().copied().step_by(2).collect(),
        );
        let packed = PackedSet::pack(&half);
        let others: Vec<u64> = all.iter().skip(1).step_by(2).map(|e| e.0).collect();
        let taken = others
            .iter()
            .filter(|&&key| packed.covers(game.board(key)).is_some())
            .count();
        let share = taken as f64 / others.len() as f64;
        assert!(
            share < 2.0 / f64::from(1u32 << CHECK_BITS),
            "{taken} of {}",
            others.len()
        );
    }

    #[test]
    fn a_cut_or_damaged_file_is_named() {
        let packed = PackedSet::pack(&distilled());
        let bytes = packed.write(Vec::new()).unwrap();
        let cut = PackedSet::read(&bytes[..bytes.len() / 2])
            .unwrap_err()
            .to_string();
        assert!(cut.contains("cut short"), "{cut}");
        let mut flipped = bytes.clone();
        flipped[40] ^= 4;
        let err = PackedSet::read(&flipped[..]).unwrap_err().to_string();
        assert!(err.contains("checksum"), "{err}");
        let mut foreign = bytes.clone();
        foreign[..8].copy_from_slice(b"2048ewd\n");
        assert!(matches!(
            PackedSet::read(&foreign[..]),
            Err(TableError::BadMagic)
        ));
    }

    /// A file of several sets reads back as each, in order; a second set cut short, damaged
    /// or followed by stray bytes is named, as a file of one is.
    #[test]
    fn a_file_of_several_sets_reads_each_and_names_a_bad_one() {
        let whole = distilled();
        let all: Vec<(u64, u8)> = whole.entries().collect();
        let half = |skip| {
            let entries = all.iter().copied().skip(skip).step_by(2).collect();
            PackedSet::pack(&DistilledTable::new(whole.game().clone(), 0.001, entries))
        };
        let (first, second) = (half(0), half(1));
        let mut bytes = first.write(Vec::new()).unwrap();
        let one = bytes.len();
        bytes = second.write(bytes).unwrap();
        assert_eq!(
            PackedSet::read_all(&bytes).unwrap(),
            vec![first.clone(), second]
        );
        assert_eq!(PackedSet::read_all(&bytes[..one]).unwrap(), vec![first]);
        let cut = PackedSet::read_all(&bytes[..bytes.len() - 3]).unwrap_err();
        assert!(cut.to_string().contains("cut short"), "{cut}");
        let mut flipped = bytes.clone();
        flipped[one + 40] ^= 4;
        let err = PackedSet::read_all(&flipped).unwrap_err();
        assert!(err.to_string().contains("checksum"), "{err}");
        let mut stray = bytes.clone();
        stray.extend_from_slice(b"junk");
        assert!(matches!(
            PackedSet::read_all(&stray),
            Err(TableError::BadMagic)
        ));
        assert!(matches!(
            PackedSet::read_all(&[]),
            Err(TableError::BadMagic)
        ));
    }
}
