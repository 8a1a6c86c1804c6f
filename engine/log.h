// Logging goes through spdlog to stderr or a file, never to stdout, which
// carries protocol lines only.
#pragma once

#include <string>

#include "engine/types.h"

namespace ludus {

// level: trace, debug, info, warn, error, critical, off. An empty file means stderr.
Status setup_logging(const std::string& level, const std::string& file);

}  // namespace ludus
