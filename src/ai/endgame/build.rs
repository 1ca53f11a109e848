//! Solving a sub-game, layer by layer from the largest sum of free tiles down: a layer's
//! states depend only on the layers above it, so each layer's states are solved independently
//! (the `tablebase` tool spreads them over threads) and the build can stop after any layer and
//! go on from its checkpoint.

use std::io::{Read, Write};

use super::subgame::Subgame;
use super::table::{
    read_header, read_values, write_header, write_values, Checked, Header, Summed, Table,
    TableError, ONE,
};

/// A build in progress: the values of every layer solved so far.
pub struct Builder {
    game: Subgame,
    values: Vec<f32>,
    /// The sum (in 2s) of the next layer to solve; None once every layer is solved.
    next: Option<u32>,
}

impl Builder {
    pub fn new(game: Subgame) -> Builder {
        let states = usize::try_from(game.states()).expect("a table that fits in memory");
        let next = Some(game.max_sum());
        Builder {
            game,
            values: vec![0.0; states],
            next,
        }
    }

    pub fn game(&self) -> &Subgame {
        &self.game
    }

    /// The next layer to solve: its sum and its states; None when the build is done.
    pub fn next_layer(&self) -> Option<(u32, Vec<u64>)> {
        self.next.map(|sum| (sum, self.game.layer(sum)))
    }

    /// The value of state `index`, whose layer is next: every layer above it is solved.
    pub fn solve(&self, index: u64) -> f32 {
        let values = &self.values;
        self.game.value(index, &|i| f64::from(values[i as usize])) as f32
    }

    /// Stores the values of layer `sum` (`states` as [`Builder::next_layer`] gave them).
    pub fn store(&mut self, sum: u32, states: &[u64], values: &[f32]) {
        assert_eq!(Some(sum), self.next, "layers are solved from the top down");
        assert_eq!(states.len(), values.len());
        for (&i, &v) in states.iter().zip(values) {
            self.values[i as usize] = v;
        }
        self.next = sum.checked_sub(1);
    }

    /// Solves every layer left on this thread (small tables, tests).
    pub fn solve_all(mut self) -> Table {
        while let Some((sum, states)) = self.next_layer() {
            let values: Vec<f32> = states.iter().map(|&i| self.solve(i)).collect();
            self.store(sum, &states, &values);
        }
        self.finish()
    }

    /// How many states are solved, of how many.
    pub fn progress(&self) -> (u64, u64) {
        let total = self.game.states();
        let left: u64 = match self.next {
            None => 0,
            Some(next) => (0..=next).map(|s| self.game.layer_size(s)).sum(),
        };
        (total - left, total)
    }

    pub fn done(&self) -> bool {
        self.next.is_none()
    }

    /// The finished table, each chance rounded to 65535ths. Panics before the last layer.
    pub fn finish(self) -> Table {
        assert!(self.done(), "every layer solved");
        let values = self
            .values
            .iter()
            .map(|&v| (f64::from(v.clamp(0.0, 1.0)) * f64::from(ONE)).round() as u16)
            .collect();
        Table::new(self.game, values)
    }

    /// Writes where the build is, to go on from with [`Builder::resume`].
    pub fn write_checkpoint<W: Write>(&self, out: W) -> std::io::Result<W> {
        let mut out = Summed::new(out);
        let next_sum = self.next.map_or(0, |s| s + 1);
        write_header(
            &mut out,
            &Header {
                checkpoint: true,
                game: self.game.clone(),
                next_sum,
            },
        )?;
        write_values(&mut out, &self.values)?;
        out.finish()
    }

    /// The build a checkpoint holds.
    pub fn resume<R: Read>(input: R) -> Result<Builder, TableError> {
        let mut input = Checked::new(input);
        let header = read_header(&mut input)?;
        if !header.checkpoint {
            return Err(TableError::BadField(
                "a finished table, not a build's checkpoint".into(),
            ));
        }
        let values = read_values(&mut input, header.game.states() as usize)?;
        input.finish()?;
        Ok(Builder {
            game: header.game,
            values,
            next: header.next_sum.checked_sub(1),
        })
    }
}
