//! One move on the engine's board (the path the page and the generic AI use), 4x4 and 8x8.
//! `cargo bench --bench moves`

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use game2048::{Board, Direction, Game};

/// A busy mid-game position of the given size, reached by a seeded game with a fixed move cycle.
fn position(size: usize) -> Board {
    let mut game = Game::new(size, Some(7)).unwrap();
    let cycle = [
        Direction::Left,
        Direction::Down,
        Direction::Right,
        Direction::Down,
    ];
    let mut i = 0;
    while game.board().empty_count() > size {
        if game.play(cycle[i % 4]).is_none() && game.play(Direction::Up).is_none() {
            break;
        }
        i += 1;
    }
    game.board().clone()
}

fn bench_moves(c: &mut Criterion) {
    for size in [4, 8] {
        let board = position(size);
        c.bench_function(
            &format!("board move {size}x{size} (all four directions)"),
            |b| {
                b.iter(|| {
                    for dir in Direction::ALL {
                        black_box(black_box(&board).moved(dir));
                    }
                })
            },
        );
        let game = {
            let mut g = Game::new(size, Some(11)).unwrap();
            for _ in 0..size * 3 {
                for dir in Direction::ALL {
                    g.play(dir);
                }
            }
            g
        };
        c.bench_function(&format!("game move with transitions {size}x{size}"), |b| {
            b.iter_batched(
                || game.clone(),
                |mut g| {
                    for dir in Direction::ALL {
                        black_box(g.play(dir));
                    }
                },
                criterion::BatchSize::SmallInput,
            )
        });
    }
}

criterion_group!(benches, bench_moves);
criterion_main!(benches);
