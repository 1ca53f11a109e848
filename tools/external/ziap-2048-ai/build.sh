#!/bin/sh
# Builds ziap/2048-ai's engine into an `arena --external` player (player.zig, beside this
# script), in that project's own checkout: docs/arena.md "Other AIs".
#
#   git clone https://github.com/ziap/2048-ai DIR && git -C DIR checkout 44a28de
#   pip download ziglang==0.15.2 --no-deps -d /tmp/zig && unzip -q /tmp/zig/*.whl -d /tmp/zig
#   sh tools/external/ziap-2048-ai/build.sh DIR /tmp/zig/ziglang/zig
#   arena --external 'DIR/zig-out/bin/arena-player 524288' --games 200 --seed 1 --out ziap.jsonl
#
# The player's one argument is the positions its breadth-first depth choice may hold a move:
# 524288 (2^19) is its web page's budget, and the default.
set -eu
dir=${1:?usage: build.sh ZIAP_2048_AI_CHECKOUT ZIG}
zig=${2:?usage: build.sh ZIAP_2048_AI_CHECKOUT ZIG}
here=$(cd "$(dirname "$0")" && pwd)
cp "$here/player.zig" "$dir/src/cli/arena-player.zig"
if ! grep -q arena-player "$dir/build.zig"; then
  # One more executable beside its own console one, built from the same engine module.
  awk '{ print } /b.installArtifact\(main_exe\);/ && !done {
    print "  const arena_player = b.addExecutable(.{ .name = \"arena-player\", .root_module = b.createModule(.{"
    print "    .root_source_file = b.path(\"src/cli/arena-player.zig\"), .target = target, .optimize = optimize,"
    print "    .imports = &.{ .{ .name = \"engine\", .module = engine } } }) });"
    print "  b.installArtifact(arena_player);"
    done = 1 }' "$dir/build.zig" > "$dir/build.zig.new"
  mv "$dir/build.zig.new" "$dir/build.zig"
fi
(cd "$dir" && "$zig" build --release=fast)
echo "built $dir/zig-out/bin/arena-player"
