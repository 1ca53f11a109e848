//! A game continued from a record ("continue from here"): the position after move n, with
//! the record's first n moves as its own record and its undo history, and a generator of its
//! own for the moves to come. The shared record is only read.

use std::collections::VecDeque;

use crate::game::{Game, Snapshot, HISTORY_LIMIT};
use crate::record::{Record, RecordError, Replay};
use crate::rng::GameRng;

impl Game {
    /// The game at move `upto` of `record` (0: its start; None: after its last move). Its
    /// record keeps the moves before, so a record of the continued game replays from the
    /// same start; undo goes back through them. `seed` as in [`Game::new`].
    pub fn from_record(
        record: &Record,
        upto: Option<usize>,
        seed: Option<u64>,
    ) -> Result<Game, RecordError> {
        let replay = Replay::new(record)?;
        let upto = upto.unwrap_or(replay.moves());
        if upto > replay.moves() {
            return Err(RecordError::PastEnd {
                asked: upto,
                moves: replay.moves(),
            });
        }
        let rng = GameRng::from_seed(seed.unwrap_or_else(GameRng::entropy_seed));
        let seeded = seed.is_some();
        let history: VecDeque<Snapshot> = (upto.saturating_sub(HISTORY_LIMIT)..upto)
            .map(|n| Snapshot {
                cells: replay.cells(n).unwrap_or_default().to_vec(),
                score: replay.score(n).unwrap_or_default(),
                moves: n as u64,
                rng: seeded.then(|| rng.clone()),
            })
            .collect();
        let board = replay
            .board(upto)
            .unwrap_or_else(|| unreachable!("upto is checked against the record's moves"));
        let score = replay.score(upto).unwrap_or_default();
        let mut own = record.clone();
        own.moves.truncate(upto);
        Ok(Game::restore(
            board,
            score,
            upto as u64,
            rng,
            seeded,
            history,
            own,
        ))
    }
}
