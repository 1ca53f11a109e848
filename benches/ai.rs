//! `best_move` at fixed node budgets on fixed positions: the 4x4 bitboard path early, mid
//! and late in a game, the generic grid on 4x4 past 32,768 and on 6x6; then every other
//! strategy at its default options on the 4x4 mid position and the 6x6 one.
//! `cargo bench --bench ai` (`cargo bench --bench ai -- strategies` for the latter only)

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use game2048::ai::bitboard::Bitboard;
use game2048::ai::{best_move, NoClock, SearchOptions, StrategyName};
use game2048::Direction;

/// (name, size, exponents row-major)
const POSITIONS: [(&str, usize, &[u8]); 5] = [
    (
        "4x4 early",
        4,
        &[1, 0, 0, 0, 2, 1, 0, 0, 3, 0, 0, 1, 0, 0, 0, 0],
    ),
    (
        "4x4 mid (1024)",
        4,
        &[10, 9, 7, 3, 4, 6, 5, 2, 1, 2, 0, 1, 0, 0, 1, 0],
    ),
    (
        "4x4 late (16384)",
        4,
        &[14, 13, 12, 10, 8, 9, 10, 11, 7, 5, 3, 2, 1, 0, 2, 0],
    ),
    (
        "4x4 past 32768 (generic)",
        4,
        &[16, 15, 12, 10, 8, 9, 10, 11, 7, 5, 3, 2, 1, 0, 2, 0],
    ),
    (
        "6x6 mid (generic)",
        6,
        &[
            10, 9, 8, 7, 6, 5, 1, 2, 3, 4, 5, 4, 0, 1, 2, 0, 1, 3, 0, 0, 1, 0, 0, 2, 1, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 1, 0,
        ],
    ),
];

fn bench_best_move(c: &mut Criterion) {
    let mut group = c.benchmark_group("best_move");
    for nodes in [20_000u64, 200_000] {
        let options = SearchOptions::nodes(nodes);
        for (name, size, cells) in POSITIONS {
            let spent = best_move(cells, size, &options, None, &NoClock)
                .unwrap()
                .nodes;
            group.throughput(Throughput::Elements(spent));
            group.bench_function(format!("{name}, {nodes} nodes"), |b| {
                b.iter(|| best_move(black_box(cells), size, &options, None, &NoClock).unwrap())
            });
        }
    }
    group.finish();
}

fn bench_bitboard_move(c: &mut Criterion) {
    let board = Bitboard::from_exponents(POSITIONS[2].2).unwrap();
    c.bench_function("bitboard move (all four directions)", |b| {
        b.iter(|| Direction::ALL.map(|dir| black_box(board).shifted(dir)))
    });
}

fn bench_strategies(c: &mut Criterion) {
    let mut group = c.benchmark_group("strategies");
    group.sample_size(10);
    for strategy in StrategyName::ALL {
        if strategy == StrategyName::Expectimax {
            continue;
        }
        let options = SearchOptions::of(strategy);
        for (name, size, cells) in [POSITIONS[1], POSITIONS[4]] {
            group.bench_function(format!("{}, {name}", strategy.name()), |b| {
                b.iter(|| best_move(black_box(cells), size, &options, None, &NoClock).unwrap())
            });
        }
    }
    group.finish();
}

criterion_group!(
    benches,
    bench_best_move,
    bench_bitboard_move,
    bench_strategies
);
criterion_main!(benches);
