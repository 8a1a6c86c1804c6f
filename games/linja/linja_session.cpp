// Instantiates the engine's session (search, threads, protocol face) for Linja.
#include "engine/game_session.h"
#include "games/linja/linja.h"

namespace ludus {

std::unique_ptr<Session> make_linja_session() { return std::make_unique<GameSession<Linja>>(); }

}  // namespace ludus
