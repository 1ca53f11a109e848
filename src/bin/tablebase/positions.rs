//! The positions files `walls-cover` reads: JSON lines as `arena --positions` writes them, and a
//! position's board as the tables read it.
use crate::Fail;

/// Each line of a JSON-lines file, parsed; a file that cannot be read, or a bad line, is bad
/// input naming the file (and the line).
pub fn lines<T: serde::de::DeserializeOwned>(path: &std::path::Path) -> Result<Vec<T>, Fail> {
    let name = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail::input(format!("{name}: cannot read: {e}")))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l).map_err(|e| Fail::input(format!("{name}:{}: {e}", i + 1)))
        })
        .collect()
}

/// A 4x4 position's tile values (row by row) as a nibble per cell; None for another size or
/// a tile past 32768.
pub fn board(cells: &[f64]) -> Option<u64> {
    if cells.len() != 16 {
        return None;
    }
    cells.iter().enumerate().try_fold(0u64, |b, (i, &v)| {
        let e = if v <= 0.0 { 0 } else { v.log2().round() as u64 };
        (e <= 15).then_some(b | e << (4 * i))
    })
}
