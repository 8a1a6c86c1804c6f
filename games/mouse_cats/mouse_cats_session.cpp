// Instantiates the engine's session (search, threads, protocol face) for mouse-cats.
#include "engine/game_session.h"
#include "games/mouse_cats/mouse_cats.h"

namespace ludus {

std::unique_ptr<Session> make_mouse_cats_session() { return std::make_unique<GameSession<MouseCats>>(); }

}  // namespace ludus
