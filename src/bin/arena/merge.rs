//! `arena merge FILE...`: the tables of the games in JSON-lines files (the shards of one
//! run, or of a compare or a sweep), as one run over them all would print them.

use crate::args::Cli;
use crate::fail::Fail;
use crate::jsonl::{group, read_games};
use crate::stats::Summary;
use crate::sweep::{rank, ranking_lines, Entry};

pub fn merge(cli: &Cli, paths: &[String]) -> Result<(), Fail> {
    let groups = group(read_games(paths)?)?;
    if groups.is_empty() {
        return Err(Fail::input("merge: the files hold no games"));
    }
    for (i, games) in groups.iter().enumerate() {
        if i > 0 {
            println!();
        }
        if let Some(label) = games[0].label.as_ref() {
            println!("spec {label}");
        }
        for line in Summary::of(games).table(!cli.no_timing) {
            println!("{line}");
        }
    }
    if groups.len() > 1 {
        let mut entries: Vec<Entry> = groups.iter().map(|g| Entry::of(g)).collect();
        rank(&mut entries, cli.objective);
        println!();
        for line in ranking_lines(&entries, cli.objective) {
            println!("{line}");
        }
    }
    Ok(())
}
