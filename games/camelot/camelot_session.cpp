// Instantiates the engine's session (search, threads, protocol face) for Camelot.
#include "engine/game_session.h"
#include "games/camelot/camelot.h"

namespace ludus {

std::unique_ptr<Session> make_camelot_session() { return std::make_unique<GameSession<Camelot>>(); }

}  // namespace ludus
