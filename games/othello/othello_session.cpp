// Instantiates the engine's session (search, threads, protocol face) for Othello.
#include "engine/game_session.h"
#include "games/othello/othello.h"

namespace ludus {

std::unique_ptr<Session> make_othello_session() { return std::make_unique<GameSession<Othello>>(); }

}  // namespace ludus
