#include "games/othello/patterns_file.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include <spdlog/spdlog.h>

namespace ludus::othello::patterns {

namespace {

constexpr std::size_t kHeader = 28;  // magic .. note length

void put32(std::string& s, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(v >> (8 * i) & 0xFF));
}
std::uint32_t get32(const std::string& s, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | static_cast<unsigned char>(s[at + static_cast<std::size_t>(i)]);
  return v;
}

constexpr std::size_t weight_count() { return static_cast<std::size_t>(kNumStages) * kWeightsPerStage; }

}  // namespace

std::uint32_t crc32(const unsigned char* data, std::size_t size) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < size; ++i) c = table[(c ^ data[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::string encode_weights(const std::vector<std::int16_t>& weights, const std::string& note) {
  std::string s(kMagic, sizeof kMagic);
  put32(s, kFormatVersion);
  put32(s, kPatternSetId);
  put32(s, kNumStages);
  put32(s, kWeightsPerStage);
  const std::string n = note.substr(0, kMaxNote);
  put32(s, static_cast<std::uint32_t>(n.size()));
  s += n;
  for (std::int16_t w : weights) {
    const auto u = static_cast<std::uint16_t>(w);
    s.push_back(static_cast<char>(u & 0xFF));
    s.push_back(static_cast<char>(u >> 8));
  }
  put32(s, crc32(reinterpret_cast<const unsigned char*>(s.data()), s.size()));
  return s;
}

Status decode_weights(const std::string& bytes, std::vector<std::int16_t>& weights, std::string* note) {
  if (bytes.empty() || std::memcmp(bytes.data(), kMagic, std::min(bytes.size(), sizeof kMagic)) != 0)
    return Status::fail("not a pattern weight file (no LUDUSPAT magic)");
  if (bytes.size() < kHeader) return Status::fail("truncated header (" + std::to_string(bytes.size()) + " bytes)");
  if (const auto v = get32(bytes, 8); v != kFormatVersion)
    return Status::fail("format version " + std::to_string(v) + ", this engine reads " + std::to_string(kFormatVersion));
  if (const auto id = get32(bytes, 12); id != kPatternSetId)
    return Status::fail("pattern set " + std::to_string(id) + ", this engine has " + std::to_string(kPatternSetId));
  if (get32(bytes, 16) != kNumStages || get32(bytes, 20) != kWeightsPerStage)
    return Status::fail("shape " + std::to_string(get32(bytes, 16)) + " stages x " + std::to_string(get32(bytes, 20)) +
                        " weights, expected " + std::to_string(kNumStages) + " x " + std::to_string(kWeightsPerStage));
  const std::uint32_t note_len = get32(bytes, 24);
  if (note_len > kMaxNote) return Status::fail("note of " + std::to_string(note_len) + " bytes (at most 4096)");
  const std::size_t expected = kHeader + note_len + 2 * weight_count() + 4;
  if (bytes.size() != expected)
    return Status::fail(std::string(bytes.size() < expected ? "truncated" : "trailing bytes") + " (" +
                        std::to_string(bytes.size()) + " bytes, expected " + std::to_string(expected) + ")");
  const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
  if (crc32(data, expected - 4) != get32(bytes, expected - 4)) return Status::fail("bad checksum");
  std::vector<std::int16_t> w(weight_count());
  const unsigned char* p = data + kHeader + note_len;
  for (std::size_t i = 0; i < w.size(); ++i)
    w[i] = static_cast<std::int16_t>(static_cast<std::uint16_t>(p[2 * i] | p[2 * i + 1] << 8));
  weights = std::move(w);
  if (note) *note = bytes.substr(kHeader, note_len);
  return Status::ok();
}

Status write_weight_file(const std::string& path, const std::vector<std::int16_t>& weights, const std::string& note) {
  if (weights.size() != weight_count()) return Status::fail("wrong number of weights");
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  const std::string bytes = encode_weights(weights, note);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) return Status::fail("cannot write '" + path + "'");
  return Status::ok();
}

Status read_weight_file(const std::string& path, std::vector<std::int16_t>& weights, std::string* note) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Status::fail("cannot read pattern file '" + path + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  if (Status st = decode_weights(ss.str(), weights, note); !st)
    return Status::fail("pattern file '" + path + "': " + st.error);
  return Status::ok();
}

Status load_pattern_weights(const std::string& path, std::shared_ptr<const PatternWeights>& out) {
  std::vector<std::int16_t> w;
  if (Status st = read_weight_file(path, w); !st) return st;
  out = std::make_shared<const PatternWeights>(w);
  return Status::ok();
}

std::string default_pattern_file() {
  std::string dir;
  if (const char* env = std::getenv("LUDUS_BOOK_DIR"); env && *env) dir = env;
  else dir = std::string(LUDUS_SOURCE_DIR) + "/book";
  return dir + "/othello-patterns.bin";
}

std::shared_ptr<const PatternWeights> shipped_weights() {
  static const std::shared_ptr<const PatternWeights> weights = [] {
    std::shared_ptr<const PatternWeights> w;
    if (Status st = load_pattern_weights(default_pattern_file(), w); !st) {
      spdlog::warn("othello: {}; the default evaluator is ludus", st.error);
      return std::shared_ptr<const PatternWeights>();
    }
    return w;
  }();
  return weights;
}

}  // namespace ludus::othello::patterns
