// Instantiates the engine's session (search, threads, protocol face) for Arimaa.
#include "engine/game_session.h"
#include "games/arimaa/arimaa.h"

namespace ludus {

std::unique_ptr<Session> make_arimaa_session() { return std::make_unique<GameSession<Arimaa>>(); }

}  // namespace ludus
