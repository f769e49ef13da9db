//===- ParsesBesideNvcc.cpp - Parses that run while nvcc compiles ---------===//

#include "nvcc/ParsesBesideNvcc.h"

#include <chrono>

#ifdef __linux__
#include <sys/resource.h>
#include <unistd.h>
#endif

namespace headroom::nvcc {

void ParsesBesideNvcc::start(SourceInstrumenter &With,
                             std::vector<ParseJob> Started) {
  finish();
  Jobs = std::move(Started);
  Results.clear();
  if (Jobs.empty())
    return;
  // The thread writes Results only; the caller reads them after join().
  Worker = std::jthread([this, &With] {
#ifdef __linux__
    // Behind nvcc where the cores are busy (a parallel build): nvcc's time
    // is the compile's, the parse's is not, until it is waited for. A
    // thread's nice value is its own on Linux.
    (void)::setpriority(PRIO_PROCESS, static_cast<id_t>(::gettid()), 10);
#endif
    for (const ParseJob &Job : Jobs) {
      auto Begin = std::chrono::steady_clock::now();
      ParseResult R;
      R.Input = Job.Input;
      if (Job.Instrument)
        R.Instrumented = With.instrument(Job.Request);
      else
        R.Analysis = With.analyze(Job.Request);
      R.Seconds = std::chrono::duration<double>(
                      std::chrono::steady_clock::now() - Begin)
                      .count();
      Results.push_back(std::move(R));
    }
  });
}

std::vector<ParseResult> ParsesBesideNvcc::finish() {
  if (Worker.joinable())
    Worker.join();
  Jobs.clear();
  return std::move(Results);
}

} // namespace headroom::nvcc
