//===- RuntimeConfig.h - The runtime's environment variables -----*- C++
//-*-===//
///
/// \file
/// Reads the HEADROOM_* environment variables (docs/runtime.md) into a plain
/// struct. Unknown values fall back to the default and leave a message in
/// Errors; reading never fails.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_RUNTIMECONFIG_H
#define HEADROOM_RUNTIME_RUNTIMECONFIG_H

#include "SamplingPolicy.h"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::rt {

/// HEADROOM_MODE.
enum class Mode {
  /// The runtime does nothing and writes no profile.
  Off,
  /// Sites and kernel times.
  Time,
  /// Sites, kernel times and counters of the first launch of each entry.
  Counters,
};

/// Where site associations come from (HEADROOM_CORRELATION).
enum class CorrelationSource {
  /// The driver/runtime launch callbacks (default).
  Callback,
  /// External-correlation activity records (also the fallback when the
  /// callback subscription fails).
  External,
};

std::string_view modeName(Mode M);

struct RuntimeConfig {
  Mode RequestedMode = Mode::Counters;
  /// HEADROOM_PROFILE with "%p" replaced by the process id.
  std::string ProfilePath = "headroom-profile.json";
  /// HEADROOM_METRICS resolved to CUPTI names; empty: the defaults.
  std::vector<std::string> Metrics;
  SamplingScope Scope = SamplingScope::Sites;
  CorrelationSource Correlation = CorrelationSource::Callback;
  /// HEADROOM_CUPTI_LIBRARY: the only libcupti to try when set.
  std::string CuptiLibrary;
  /// Messages about values that were not understood.
  std::vector<std::string> Errors;
};

/// Reads the configuration through \p Getenv (returns null when unset).
RuntimeConfig
readRuntimeConfig(const std::function<const char *(const char *)> &Getenv,
                  long Pid);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_RUNTIMECONFIG_H
