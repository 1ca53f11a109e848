// An `arena --external` player around ziap/2048-tdl's search: its expectimax, transposition
// table and move table, judging with one of our networks (the 4x6, 16-level shape its nw4x6
// also has) read from our weights file, or with its own weights.bin. A line of 16 tiles (row
// by row, 0 for empty) in, the move's name out. docs/arena.md "Other AIs"; build.sh builds it.
//
//   player DEPTH net.ntw       our f32 weights file (`train --export net.ntw --quantise f32`)
//   player DEPTH weights.bin   its own training's weights (raw f32, its layout)
//
// DEPTH is its `-d`: 0 plays one move ahead, 2 is its "3 ply".
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "core/board.h"
#include "network/tuplenet.h"
#include "search/expectimax.h"

namespace {

[[noreturn]] void fail(const std::string &path, const std::string &why) {
  std::cerr << "player: " << path << ": " << why << "\n";
  std::exit(2);
}

// Its nw4x6's tuples, each table indexed with its lowest cell in the highest nibble.
const std::vector<std::vector<int>> TUPLES = {
  {0, 1, 2, 3, 4, 5}, {4, 5, 6, 7, 8, 9}, {0, 1, 2, 4, 5, 6}, {4, 5, 6, 8, 9, 10}};

struct Reader {
  const std::vector<uint8_t> &b;
  const std::string &path;
  size_t at;
  uint8_t byte() {
    if (at >= b.size()) fail(path, "the weights end early");
    return b[at++];
  }
  uint64_t leb() {
    uint64_t n = 0;
    for (int shift = 0;; shift += 7) {
      const uint8_t x = byte();
      if (shift > 56) fail(path, "a run length is too long");
      n |= uint64_t(x & 0x7f) << shift;
      if (!(x & 0x80)) return n;
    }
  }
};

// Our weights file (docs/training.md, src/ai/ntuple/format.rs): an f32 4x6 network with 16
// levels, in any of its three encodings, into its weights in its layout.
void load_ours(const std::string &path, const std::vector<uint8_t> &b, float *w) {
  auto u16 = [&](size_t at) { return uint32_t(b[at]) | uint32_t(b[at + 1]) << 8; };
  if (b.size() < 32) fail(path, "too short for a weights file");
  const uint32_t version = u16(8);
  if (version != 1 && version != 3) fail(path, "version " + std::to_string(version));
  if (b[10] != 16 || b[11] != 4) fail(path, "not 4 tuples with 16 levels");
  if (b[12] != 0) fail(path, "not f32 weights (export with --quantise f32)");
  const int encoding = b[13];
  uint64_t payload = 0;
  for (int i = 7; i >= 0; i--) payload = payload << 8 | b[20 + i];
  size_t at = 28;
  // Each tuple's cells, the highest digit of our index first: its permutation of nibbles.
  std::vector<std::vector<int>> shift(4);
  for (int t = 0; t < 4; t++) {
    if (at + 7 > b.size() || b[at] != 6) fail(path, "not the 4x6 shape");
    std::vector<int> cells(b.begin() + at + 1, b.begin() + at + 7);
    at += 7;
    for (int k = 0; k < 6; k++) {
      // Our nibble 5 - k holds cells[k]; its nibble 5 - j holds TUPLES[t][j].
      int j = 0;
      while (j < 6 && TUPLES[t][j] != cells[k]) j++;
      if (j == 6) fail(path, "not the 4x6 shape");
      shift[t].push_back(4 * (5 - j));
    }
  }
  if (at + payload + 4 != b.size()) fail(path, "its length is not its header's");
  const uint64_t per = 1ull << 24, total = 4 * per;
  auto place = [&](uint64_t i, float v) {
    const uint64_t t = i / per, ours = i % per;
    uint64_t theirs = 0;
    for (int k = 0; k < 6; k++) theirs |= ((ours >> (4 * (5 - k))) & 15) << shift[t][k];
    w[t * per + theirs] = v;
  };
  auto f32 = [](const uint8_t *p) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  };
  Reader r{b, path, at};
  const size_t end = at + payload;
  if (encoding == 0) {
    if (payload != total * 4) fail(path, "the weights do not fill the shape");
    for (uint64_t i = 0; i < total; i++) place(i, f32(&b[at + 4 * i]));
  } else if (encoding == 1) {
    uint64_t i = 0;
    while (r.at < end) {
      i += r.leb();
      const uint64_t n = r.leb();
      if (i + n > total || r.at + 4 * n > end) fail(path, "a run goes past the weights");
      for (uint64_t k = 0; k < n; k++, i++, r.at += 4) place(i, f32(&b[r.at]));
    }
    if (i != total) fail(path, "the weights do not fill the shape");
  } else if (encoding == 2 && version == 3) {
    std::vector<std::pair<uint64_t, uint64_t>> runs;
    uint64_t i = 0, kept = 0;
    while (i < total) {
      i += r.leb();
      const uint64_t n = r.leb();
      if (i + n > total) fail(path, "a run goes past the weights");
      runs.push_back({i, n});
      i += n;
      kept += n;
    }
    if (r.at + 4 * kept != end) fail(path, "the planes are not the weights'");
    std::vector<uint8_t> value(4);
    uint64_t k = 0;
    for (const auto &[start, n] : runs)
      for (uint64_t e = start; e < start + n; e++, k++) {
        for (int plane = 0; plane < 4; plane++) value[plane] = b[r.at + plane * kept + k];
        place(e, f32(value.data()));
      }
  } else {
    fail(path, "encoding " + std::to_string(encoding));
  }
}

}  // namespace

int main(int argc, char *argv[]) {
  if (argc != 3) {
    std::cerr << "usage: player DEPTH net.ntw|weights.bin\n";
    return 2;
  }
  const std::string path = argv[2];
  std::ifstream in(path, std::ios::binary);
  if (!in) fail(path, "cannot be read");
  const std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
  float *w = nw4x6::get_weights();
  if (bytes.size() >= 8 && std::memcmp(bytes.data(), "2048ntw\n", 8) == 0) {
    load_ours(path, bytes, w);
  } else if (bytes.size() == nw4x6::weight_len * sizeof(float)) {
    std::memcpy(w, bytes.data(), bytes.size());
  } else {
    fail(path, "neither our weights file nor its nw4x6 weights.bin");
  }
  search<nw4x6> model(std::atoi(argv[1]));
  static const char *names[4] = {"up", "right", "down", "left"};
  std::string line;
  while (std::getline(std::cin, line)) {
    // Its board: the top-left tile in the highest nibble, row by row.
    board::t b = 0;
    std::istringstream tiles(line);
    unsigned long long value;
    int cells = 0;
    while (tiles >> value) {
      u64 exponent = 0;
      while (value > 1) value >>= 1, exponent++;
      b = (b << 4) | (exponent > 15 ? 15 : exponent);
      cells++;
    }
    if (cells != 16) {
      std::cerr << "player: not a 4x4 board: " << line << "\n";
      return 1;
    }
    // Its search finds no move only where none moves anything; the arena never asks then.
    const int dir = model.suggest_dir(b);
    std::cout << names[dir < 0 ? 0 : dir] << std::endl;
  }
  return 0;
}
