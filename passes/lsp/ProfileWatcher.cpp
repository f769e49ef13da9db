//===- ProfileWatcher.cpp - Noticing a new profile ------------------------===//

#include "lsp/ProfileWatcher.h"

#include "nvcc/ProfileSearch.h"

#include <sys/stat.h>

namespace headroom::lsp {

std::string ProfileWatcher::stateOf(const std::string &File) {
  std::optional<std::string> Path = nvcc::newestMatch(File);
  if (!Path)
    return "";
  struct stat St;
  if (::stat(Path->c_str(), &St) != 0)
    return "";
  return *Path + ":" + std::to_string(St.st_size) + ":" +
         std::to_string(St.st_mtim.tv_sec) + "." +
         std::to_string(St.st_mtim.tv_nsec);
}

void ProfileWatcher::watch(const std::vector<std::string> &Files) {
  std::map<std::string, std::string> Next;
  for (const std::string &F : Files) {
    auto It = States.find(F);
    Next[F] = It != States.end() ? It->second : stateOf(F);
  }
  States = std::move(Next);
}

bool ProfileWatcher::changed() {
  bool Changed = false;
  for (auto &[File, State] : States) {
    std::string Now = stateOf(File);
    if (Now != State) {
      State = std::move(Now);
      Changed = true;
    }
  }
  return Changed;
}

} // namespace headroom::lsp
