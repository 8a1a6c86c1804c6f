// The weight file of `Evaluator=pattern` (patterns.h): the trainer
// (games/othello/tune/pattern_train.cpp) writes it, the engine reads and
// checks it when the evaluator is selected. Layout (docs/games/othello.md),
// all integers little-endian:
//
//   offset  size  field
//        0     8  magic "LUDUSPAT"
//        8     4  format version (kFormatVersion)
//       12     4  pattern set id (patterns::kPatternSetId)
//       16     4  stage count (patterns::kNumStages)
//       20     4  weights per stage (patterns::kWeightsPerStage)
//       24     4  note length L (at most kMaxNote bytes)
//       28     L  note: free text, the command and data that made the file
//     28+L   2*N  N = stages * weights per stage int16 weights, centi-discs,
//                 stage by stage, each stage the packed pattern weights kind
//                 by kind then the global terms
//   end-4      4  CRC-32 (the zlib/PNG one) of every byte before it
//
// The checksum catches a damaged or truncated copy; the ids catch a file
// made for another pattern set, which would otherwise load as nonsense.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/types.h"
#include "games/othello/patterns.h"

namespace ludus::othello::patterns {

inline constexpr char kMagic[8] = {'L', 'U', 'D', 'U', 'S', 'P', 'A', 'T'};
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint32_t kMaxNote = 4096;

std::uint32_t crc32(const unsigned char* data, std::size_t size);

// The file's bytes for `weights` (kNumStages * kWeightsPerStage).
std::string encode_weights(const std::vector<std::int16_t>& weights, const std::string& note);
// Checks and decodes; on failure `error` says why and `weights` is unchanged.
Status decode_weights(const std::string& bytes, std::vector<std::int16_t>& weights, std::string* note = nullptr);

Status write_weight_file(const std::string& path, const std::vector<std::int16_t>& weights, const std::string& note);
Status read_weight_file(const std::string& path, std::vector<std::int16_t>& weights, std::string* note = nullptr);
// Reads, checks and unpacks a file for the evaluator.
Status load_pattern_weights(const std::string& path, std::shared_ptr<const PatternWeights>& out);

// The file used when PatternFile is `<empty>`: othello-patterns.bin in the
// book directory ($LUDUS_BOOK_DIR, else the source tree's book/), where the
// opening book book/othello.book is looked up too (engine/book.cpp).
std::string default_pattern_file();

// The weights of default_pattern_file() as the process first found it
// (read once, at the first call; later calls share them), or null when that
// file cannot be used: the default of Evaluator is then `ludus`, and a
// warning says why on the log.
std::shared_ptr<const PatternWeights> shipped_weights();

}  // namespace ludus::othello::patterns
