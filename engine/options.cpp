#include "engine/options.h"

#include <cctype>
#include <charconv>

namespace ludus {

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string to_lower(std::string_view s) {
  std::string r(s);
  for (auto& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

bool parse_int(std::string_view s, std::int64_t& out) {
  if (s.empty()) return false;
  const char* b = s.data();
  const char* e = s.data() + s.size();
  if (*b == '+') ++b;  // from_chars rejects a leading '+'
  if (b == e) return false;
  auto [p, ec] = std::from_chars(b, e, out);
  return ec == std::errc() && p == e;
}

std::string OptionSpec::ugi_line() const {
  std::string line = "option name " + name + " type ";
  switch (type) {
    case OptionType::Check: line += "check default " + default_value; break;
    case OptionType::Spin:
      line += "spin default " + default_value + " min " + std::to_string(min) + " max " +
              std::to_string(max);
      break;
    case OptionType::Combo:
      line += "combo default " + default_value;
      for (const auto& v : values) line += " var " + v;
      break;
    case OptionType::String:
      line += "string default " + (default_value.empty() ? std::string("<empty>") : default_value);
      break;
    case OptionType::Button: line += "button"; break;
  }
  return line;
}

Status OptionSpec::validate(std::string_view value, std::string& canonical) const {
  switch (type) {
    case OptionType::Check:
      if (iequals(value, "true")) { canonical = "true"; return Status::ok(); }
      if (iequals(value, "false")) { canonical = "false"; return Status::ok(); }
      return Status::fail("option " + name + " expects true or false, got '" + std::string(value) + "'");
    case OptionType::Spin: {
      std::int64_t v = 0;
      if (!parse_int(value, v))
        return Status::fail("option " + name + " expects an integer, got '" + std::string(value) + "'");
      if (v < min || v > max)
        return Status::fail("option " + name + " value " + std::string(value) + " out of range " +
                            std::to_string(min) + ".." + std::to_string(max));
      canonical = std::to_string(v);
      return Status::ok();
    }
    case OptionType::Combo:
      for (const auto& v : values)
        if (iequals(v, value)) { canonical = v; return Status::ok(); }
      return Status::fail("option " + name + " has no value '" + std::string(value) + "'");
    case OptionType::String: canonical = std::string(value); return Status::ok();
    case OptionType::Button: canonical.clear(); return Status::ok();
  }
  return Status::fail("bad option type");
}

}  // namespace ludus
