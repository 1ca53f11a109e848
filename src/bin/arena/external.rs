//! `--external CMD`: a program outside this repository plays the arena's games, so that
//! another AI is measured on the same seeds and spawns as ours. The arena runs `sh -c CMD`
//! once per thread and keeps it for that thread's games. For each position it writes one
//! line, the tiles row by row as numbers (0 for an empty cell), separated by spaces; the
//! program answers one line: `up`, `right`, `down` or `left`. Nothing else is sent: a
//! program that keeps state between positions sees a new game when the board empties out.
//!
//! A program that stops, answers something else, or answers a move that moves nothing fails
//! the run with what it did and on which board.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use game2048::Direction;

/// A running external player.
pub struct External {
    command: String,
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
    line: String,
}

impl External {
    /// Starts `sh -c command`; its stderr is the arena's.
    pub fn start(command: &str) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(command)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("--external {command:?} cannot start: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("--external {command:?}: no pipes to it"));
        };
        Ok(External {
            command: command.to_string(),
            child,
            input: BufWriter::new(input),
            output: BufReader::new(output),
            line: String::new(),
        })
    }

    /// The program's move on the board of tile exponents `cells` (row by row).
    pub fn decide(&mut self, cells: &[u8]) -> Result<Direction, String> {
        let board = position_line(cells);
        // A program that has exited may still have answered: read whatever the write did.
        let _ = writeln!(self.input, "{board}").and_then(|()| self.input.flush());
        self.line.clear();
        match self.output.read_line(&mut self.line) {
            Ok(0) | Err(_) => {
                let status = self.child.try_wait().ok().flatten();
                let how =
                    status.map_or("stopped answering".to_string(), |s| format!("exited ({s})"));
                Err(format!(
                    "--external {:?} {how} on the board {board}",
                    self.command
                ))
            }
            Ok(_) => self.line.trim().parse().map_err(|_| {
                format!(
                    "--external {:?} answered {:?} on the board {board}: the answer is one of up, \
                     right, down, left",
                    self.command,
                    self.line.trim()
                )
            }),
        }
    }

    pub fn command(&self) -> &str {
        &self.command
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The line a position is sent as: its tiles as numbers, 0 for empty.
pub fn position_line(cells: &[u8]) -> String {
    cells
        .iter()
        .map(|&e| if e == 0 { 0u64 } else { 1u64 << e }.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_its_tiles_row_by_row() {
        assert_eq!(
            position_line(&[0, 1, 2, 11, 0, 0, 0, 0, 0]),
            "0 2 4 2048 0 0 0 0 0"
        );
    }
}
