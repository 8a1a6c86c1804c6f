#include "games/fox_geese/endgame.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

namespace ludus::fox_geese {

namespace {

class Holder {
 public:
  ~Holder() {
    abort_.store(true);
    std::lock_guard lock(mutex_);
    if (worker_.joinable()) worker_.join();
  }
  const hunt::Tablebase* ready() const { return ready_.load(std::memory_order_acquire); }
  void start() {
    if (started_.load(std::memory_order_relaxed)) return;
    std::lock_guard lock(mutex_);
    if (started_.exchange(true)) return;
    worker_ = std::thread([this] { build(); });
  }
  const hunt::Tablebase& wait() {
    if (const auto* t = ready()) return *t;
    {
      std::lock_guard lock(mutex_);
      if (!started_.exchange(true)) {
        build();  // nobody started it: build here
        return *ready();
      }
    }
    while (!ready()) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    return *ready();
  }

 private:
  void build() {
    tables_ = std::make_unique<hunt::Tablebase>(hunt::fox_geese_rules(), 0, kEndgameGeese, &abort_);
    if (tables_->complete()) ready_.store(tables_.get(), std::memory_order_release);
  }
  std::mutex mutex_;
  std::thread worker_;
  std::atomic<bool> started_{false}, abort_{false};
  std::atomic<const hunt::Tablebase*> ready_{nullptr};
  std::unique_ptr<hunt::Tablebase> tables_;
};

Holder& holder() {
  static Holder h;
  return h;
}

}  // namespace

const hunt::Tablebase* endgame_tables_ready() { return holder().ready(); }
void start_endgame_build() { holder().start(); }
const hunt::Tablebase& endgame_tables() { return holder().wait(); }

}  // namespace ludus::fox_geese
