//! An `arena --external` player around ziap/2048-ai's engine (its expectimax, heuristic,
//! move table and budgeted depth): a line of 16 tiles (row by row, 0 for empty) in, the
//! move's name out. Usage: player [BUDGET], the positions a move the BFS may hold
//! (default 524288 = 2^19, its web page's budget).
const std = @import("std");
const engine = @import("engine");
const Board = engine.Board;
const Heuristic = engine.Heuristic;
const Bfs = engine.Bfs;
const Expectimax = engine.Expectimax(*const Heuristic, true);

const NAMES = [4][]const u8{ "up\n", "right\n", "down\n", "left\n" };

pub fn main() !void {
  var arena: std.heap.ArenaAllocator = .init(std.heap.page_allocator);
  defer arena.deinit();
  const allocator = arena.allocator();

  var args = try std.process.argsWithAllocator(allocator);
  _ = args.next();
  const budget: u32 = if (args.next()) |b| try std.fmt.parseInt(u32, b, 10) else 1 << 19;

  const move_table = try allocator.create(Board.MoveTable);
  move_table.* = .new();
  const heuristic = try allocator.create(Heuristic);
  heuristic.* = .new();
  const expectimax = try allocator.create(Expectimax);
  expectimax.* = .new(move_table, heuristic);
  var bfs: Bfs = .new(try allocator.alloc(Board, budget), move_table);

  var in_buffer: [4096]u8 = undefined;
  var stdin = std.fs.File.stdin().reader(&in_buffer);
  var out_buffer: [64]u8 = undefined;
  var stdout = std.fs.File.stdout().writer(&out_buffer);

  while (true) {
    const line = stdin.interface.takeDelimiterInclusive('\n') catch |err| switch (err) {
      error.EndOfStream => return,
      else => return err,
    };
    // The top-left tile is the highest nibble, row by row (Board.display).
    var data: u64 = 0;
    var cells: u32 = 0;
    var words = std.mem.tokenizeAny(u8, line, " \t\r\n");
    while (words.next()) |word| : (cells += 1) {
      const value = try std.fmt.parseInt(u64, word, 10);
      const exponent: u64 = if (value == 0) 0 else @min(@ctz(value), 15);
      data = (data << 4) | exponent;
    }
    if (cells != 16) return error.NotA4x4Board;
    const board: Board = .{ .data = data };
    const moves = move_table.getMoves(board);
    const valid = board.filterMoves(&moves);
    const depth = bfs.expand(valid.moves[0..valid.len]).depth + 1;
    // The search gives no move when every move loses (its own games end there): the first
    // move that moves anything, so that the game is played to its end as the arena's are.
    const first: u4 = for (moves, 0..) |moved, d| {
      if (moved.data != board.data) break @intCast(d);
    } else 0;
    const dir = expectimax.search(board, depth) orelse first;
    try stdout.interface.writeAll(NAMES[dir]);
    try stdout.interface.flush();
  }
}
