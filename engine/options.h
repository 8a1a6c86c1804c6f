// Declared options (UCI style): what `ugi` lists and `setoption` checks.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/types.h"

namespace ludus {

enum class OptionType { Check, Spin, Combo, String, Button };

struct OptionSpec {
  std::string name;
  OptionType type = OptionType::String;
  std::string default_value;
  std::int64_t min = 0;  // spin only
  std::int64_t max = 0;  // spin only
  std::vector<std::string> values;  // combo only

  // The `option name ... type ...` line of the UGI handshake.
  std::string ugi_line() const;
  // Checks `value` against the type; on success writes the canonical spelling
  // (check: true/false, combo: the declared value) to `canonical`.
  Status validate(std::string_view value, std::string& canonical) const;
};

bool iequals(std::string_view a, std::string_view b);
std::string to_lower(std::string_view s);
// Parses a whole decimal integer (optional sign); false on anything else.
bool parse_int(std::string_view s, std::int64_t& out);

}  // namespace ludus
