// What a browser may send to its UGI engine (`ludus serve`). Every message
// is untrusted: it is split into lines, and the commands that would let one
// page take the machine (a perft or bench of minutes, gigabytes of Hash,
// every core) are refused, since the server, not the page, sets them.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace ludus {

// The UGI lines of one WebSocket message (split at \n, \r dropped).
std::vector<std::string> message_lines(std::string_view message);

// Empty when `line` may go to the engine; otherwise why not.
std::string refused_line(std::string_view line);

}  // namespace ludus
