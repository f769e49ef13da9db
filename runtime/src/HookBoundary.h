//===- HookBoundary.h - Where control enters the runtime --------*- C++ -*-===//
//-*-===//
///
/// \file
/// The guard of every place where control enters the runtime: the C ABI
/// functions the instrumented program calls, the callbacks CUPTI calls, and
/// the Runtime's hooks behind them. Nothing thrown inside passes it (a
/// failure loses that call's data, never the program), and a Runtime hook
/// defers termination signals while it runs (TerminationSignals::Deferral),
/// so that a signal-time write never waits for a lock its own thread holds.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_HOOKBOUNDARY_H
#define HEADROOM_RUNTIME_HOOKBOUNDARY_H

#include "TerminationSignals.h"

#include <utility>

namespace headroom::rt {

/// Runs \p Body; whatever it throws stops here.
template <typename Body> void callNoThrow(Body &&B) noexcept {
  try {
    std::forward<Body>(B)();
  } catch (...) {
  }
}

/// Runs \p Body and returns its result, or \p OnThrow if it throws.
template <typename Result, typename Body>
Result callNoThrow(Result OnThrow, Body &&B) noexcept {
  try {
    return std::forward<Body>(B)();
  } catch (...) {
    return OnThrow;
  }
}

/// Runs \p Body as a Runtime hook: termination signals are deferred until
/// it returns, and whatever it throws stops here.
template <typename Body> void runHook(Body &&B) noexcept {
  TerminationSignals::Deferral D;
  callNoThrow(std::forward<Body>(B));
}

/// runHook for a hook with a result: \p OnThrow if \p Body throws.
template <typename Result, typename Body>
Result runHook(Result OnThrow, Body &&B) noexcept {
  TerminationSignals::Deferral D;
  return callNoThrow(std::move(OnThrow), std::forward<Body>(B));
}

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_HOOKBOUNDARY_H
