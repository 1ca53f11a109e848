//! Position files: one `{"size":4,"cells":[2,0,...]}` a line (tile values, row by row; other
//! fields ignored), as `--positions` writes them. `--decide` decides each one, and `--start`
//! plays a game from each.

use game2048::Board;

use crate::fail::Fail;

#[derive(serde::Deserialize)]
struct Position {
    size: usize,
    cells: Vec<f64>,
}

/// Every position in the file at `path`, in order. A file that cannot be read is bad input
/// naming `flag`; a bad line is bad input naming the file and the line.
pub fn read(path: &str, flag: &str) -> Result<Vec<Board>, Fail> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail::input(format!("{flag} {path:?}: cannot read: {e}")))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, line)| {
            let bad = |e: &dyn std::fmt::Display| Fail::input(format!("{path}:{}: {e}", i + 1));
            let p: Position = serde_json::from_str(line).map_err(|e| bad(&e))?;
            Board::from_values(p.size, &p.cells).map_err(|e| bad(&e))
        })
        .collect()
}
