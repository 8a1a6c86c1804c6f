#include "engine/log.h"

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_sinks.h>
#include <spdlog/spdlog.h>

namespace ludus {

Status setup_logging(const std::string& level, const std::string& file) {
  const auto lvl = spdlog::level::from_str(level);
  if (lvl == spdlog::level::off && level != "off")
    return Status::fail("unknown log level '" + level + "' (trace, debug, info, warn, error, critical, off)");
  try {
    std::shared_ptr<spdlog::logger> logger;
    if (file.empty()) logger = spdlog::stderr_logger_mt("ludus");
    else logger = spdlog::basic_logger_mt("ludus", file);
    logger->set_level(lvl);
    logger->flush_on(spdlog::level::warn);
    spdlog::set_default_logger(logger);
  } catch (const spdlog::spdlog_ex& e) {
    return Status::fail(std::string("cannot set up logging: ") + e.what());
  }
  return Status::ok();
}

}  // namespace ludus
