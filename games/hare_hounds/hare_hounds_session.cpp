// Instantiates the engine's session (search, threads, protocol face) for hare-hounds.
#include "engine/game_session.h"
#include "games/hare_hounds/hare_hounds.h"

namespace ludus {

std::unique_ptr<Session> make_hare_hounds_session() { return std::make_unique<GameSession<HareHounds>>(); }

}  // namespace ludus
