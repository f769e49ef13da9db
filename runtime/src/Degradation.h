//===- Degradation.h - Less data, one warning line --------------*- C++ -*-===//
///
/// \file
/// When the runtime loses a capability it records why in the profile and
/// tells the user once: at most ONE line on stderr per process, prefixed
/// "headroom:", naming what is missing and how to get it back. Everything
/// after the first line goes to the profile's collection.warnings only.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_DEGRADATION_H
#define HEADROOM_RUNTIME_DEGRADATION_H

#include "Failure.h"

#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::rt {

/// What a failure cost.
enum class Lost {
  /// Hardware counters; kernel times are still recorded.
  Counters,
  /// Hardware counters of some kernels; the others' are collected.
  KernelCounters,
  /// Kernel times (the activity API); launch sites are still recorded.
  Timing,
  /// Some launch sites (e.g. an ABI version mismatch).
  Sites,
  /// The profile file itself.
  Profile,
};

/// The one-line message for losing \p What because of \p Why, without the
/// trailing newline: "headroom: <what> unavailable (<detail>): <what is
/// recorded instead>; <how to enable>".
std::string describeDegradation(Lost What, const Failure &Why);

/// Collects the warnings of one process and prints the first one.
/// Thread-safe. The emitter receives whole lines without the newline.
class Degradation {
public:
  using Emitter = std::function<void(std::string_view Line)>;

  /// Prints through \p Emit; the default writes to stderr.
  explicit Degradation(Emitter Emit = nullptr);
  /// Writes each line to stderr, flushed.
  static Emitter standardError();

  /// Records the loss of \p What; prints it if nothing was printed before.
  void report(Lost What, const Failure &Why);
  /// Records a warning for the profile only (never printed), e.g. a metric
  /// that was dropped while the others were collected.
  void note(std::string Message);
  /// Records and, if it is the first line, prints a configuration warning.
  void configWarning(std::string Message);
  /// Records and, if it is the first line, prints \p Message: something
  /// the runtime did otherwise than asked, without losing data.
  void warn(std::string Message);

  std::vector<std::string> warnings() const;
  /// How many lines went to the emitter (0 or 1).
  unsigned linesPrinted() const;

private:
  void emitOnce(const std::string &Line);

  mutable std::mutex Mutex;
  Emitter Emit;
  std::vector<std::string> Warnings;
  unsigned Printed = 0;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_DEGRADATION_H
