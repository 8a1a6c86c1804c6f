#include "protocol/blocking_search.h"

#include <mutex>

namespace ludus {

SearchResult search_and_wait(Session& session, const SearchLimits& limits,
                             const std::function<void(const SearchInfo&)>& on_info,
                             const std::function<void()>& started) {
  SearchResult r;
  std::mutex m;  // the callbacks run on the search thread
  SearchCallbacks cb;
  cb.on_info = [&](const SearchInfo& info) {
    {
      std::lock_guard lock(m);
      r.info = info;
      r.has_info = true;
    }
    if (on_info) on_info(info);
  };
  cb.on_bestmove = [&](const std::string& best, const std::string&) {
    std::lock_guard lock(m);
    r.best = best;
  };
  if (Status st = session.go(limits, cb); !st) {
    r.error = st.error;
    return r;
  }
  if (started) started();
  session.wait();
  return r;
}

}  // namespace ludus
