// Instantiates the engine's session (search, threads, protocol face) for fox-geese.
#include "engine/game_session.h"
#include "games/fox_geese/fox_geese.h"

namespace ludus {

std::unique_ptr<Session> make_fox_geese_session() { return std::make_unique<GameSession<FoxGeese>>(); }

}  // namespace ludus
