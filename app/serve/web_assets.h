// The files of web/ (the browser board), built into the executable by
// cmake/embed_web.cmake so that `ludus serve` needs nothing beside it.
#pragma once

#include <string_view>
#include <vector>

namespace ludus {

struct WebAsset {
  std::string_view path;  // "/index.html", "/boards/othello.js"
  std::string_view body;
};

const std::vector<WebAsset>& web_assets();

}  // namespace ludus
