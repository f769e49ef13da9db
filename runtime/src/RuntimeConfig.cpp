//===- RuntimeConfig.cpp - The runtime's environment variables ------------===//

#include "RuntimeConfig.h"

#include "DefaultMetrics.h"
#include "ProcessInfo.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

namespace headroom::rt {

namespace {

std::string lower(std::string_view S) {
  std::string Out(S);
  std::transform(Out.begin(), Out.end(), Out.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return Out;
}

std::string trim(std::string_view S) {
  std::size_t B = 0, E = S.size();
  while (B < E && std::isspace(static_cast<unsigned char>(S[B])))
    ++B;
  while (E > B && std::isspace(static_cast<unsigned char>(S[E - 1])))
    --E;
  return std::string(S.substr(B, E - B));
}

/// Splits on commas, semicolons and white space; drops empty items.
std::vector<std::string> splitList(std::string_view V) {
  std::vector<std::string> Items;
  std::size_t Pos = 0;
  while (Pos <= V.size()) {
    std::size_t End = V.find_first_of(",; \t", Pos);
    if (End == std::string_view::npos)
      End = V.size();
    std::string Item = trim(V.substr(Pos, End - Pos));
    if (!Item.empty())
      Items.push_back(std::move(Item));
    Pos = End + 1;
  }
  return Items;
}

std::optional<SamplingRule> parseRule(const std::string &V) {
  SamplingRule R;
  if (V == "first") {
    R.Which = SamplingRule::Kind::First;
  } else if (V == "all") {
    R.Which = SamplingRule::Kind::All;
  } else if (V == "off" || V == "none") {
    R.Which = SamplingRule::Kind::Off;
  } else if (V.rfind("every:", 0) == 0) {
    std::string Num = V.substr(6);
    char *End = nullptr;
    unsigned long N = std::strtoul(Num.c_str(), &End, 10);
    if (Num.empty() || !End || *End != '\0' || N == 0 || N > 1000000000UL)
      return std::nullopt;
    R.Which = N == 1 ? SamplingRule::Kind::All : SamplingRule::Kind::Every;
    R.N = static_cast<unsigned>(N);
  } else {
    return std::nullopt;
  }
  return R;
}

} // namespace

std::string_view modeName(Mode M) {
  switch (M) {
  case Mode::Off:
    return "off";
  case Mode::Time:
    return "time";
  case Mode::Counters:
    return "counters";
  }
  return "counters";
}

std::string expandProfilePath(std::string_view Pattern, long Pid,
                              std::string_view Host, std::optional<long> Rank) {
  std::string Out;
  for (std::size_t I = 0; I < Pattern.size(); ++I) {
    char C = Pattern[I];
    if (C != '%' || I + 1 == Pattern.size()) {
      Out.push_back(C);
      continue;
    }
    switch (Pattern[I + 1]) {
    case 'p':
      Out += std::to_string(Pid);
      break;
    case 'h':
      for (char H : Host)
        Out.push_back(H == '/' ? '_' : H);
      break;
    case 'r':
      Out += std::to_string(Rank.value_or(0));
      break;
    case '%':
      Out.push_back('%');
      break;
    default:
      Out.push_back('%');
      Out.push_back(Pattern[I + 1]);
      break;
    }
    ++I;
  }
  return Out;
}

RuntimeConfig readRuntimeConfig(const GetenvFn &Getenv, long Pid,
                                std::string_view Host) {
  RuntimeConfig C;
  auto Get = [&](const char *Name) -> std::string {
    const char *V = Getenv(Name);
    return V ? trim(V) : std::string();
  };

  if (std::string V = lower(Get("HEADROOM_MODE")); !V.empty()) {
    if (V == "off" || V == "0" || V == "none")
      C.RequestedMode = Mode::Off;
    else if (V == "time" || V == "timing")
      C.RequestedMode = Mode::Time;
    else if (V == "counters")
      C.RequestedMode = Mode::Counters;
    else
      C.Errors.push_back("HEADROOM_MODE='" + V +
                         "' is not off, time or counters; using counters");
  }

  std::string Pattern = Get("HEADROOM_PROFILE");
  if (Pattern.empty())
    Pattern = C.ProfilePath;
  C.ProfilePath =
      expandProfilePath(Pattern, Pid, Host, rankFromEnvironment(Getenv));

  if (std::string V = Get("HEADROOM_METRICS"); !V.empty()) {
    std::string_view List = V;
    if (lower(V.substr(0, 5)) == "only:") {
      C.MetricsReplaceDefaults = true;
      List.remove_prefix(5);
    }
    for (const std::string &Item : splitList(List)) {
      std::string Name = resolveMetricName(Item);
      if (std::find(C.Metrics.begin(), C.Metrics.end(), Name) ==
          C.Metrics.end())
        C.Metrics.push_back(std::move(Name));
    }
    if (C.MetricsReplaceDefaults && C.Metrics.empty()) {
      C.MetricsReplaceDefaults = false;
      C.Errors.push_back("HEADROOM_METRICS='" + V +
                         "' names no metric; using the defaults");
    }
  }

  if (std::string V = lower(Get("HEADROOM_SAMPLE")); !V.empty()) {
    if (std::optional<SamplingRule> R = parseRule(V))
      C.Rule = *R;
    else if (V == "sites")
      C.Errors.push_back("HEADROOM_SAMPLE='sites' is now "
                         "HEADROOM_SAMPLE_SCOPE=sites (the default); "
                         "HEADROOM_SAMPLE is first, every:N, all or off; "
                         "using first");
    else
      C.Errors.push_back("HEADROOM_SAMPLE='" + V +
                         "' is not first, every:N, all or off; using first");
  }

  if (std::string V = lower(Get("HEADROOM_SAMPLE_SCOPE")); !V.empty()) {
    if (V == "sites")
      C.Scope = SamplingScope::Sites;
    else if (V == "scopes")
      C.Scope = SamplingScope::Scopes;
    else if (V == "all")
      C.Scope = SamplingScope::All;
    else
      C.Errors.push_back("HEADROOM_SAMPLE_SCOPE='" + V +
                         "' is not sites, scopes or all; using sites");
  }

  if (std::string V = Get("HEADROOM_SAMPLE_SKIP"); !V.empty())
    C.SkipPatterns = splitList(V);

  if (std::string V = lower(Get("HEADROOM_CORRELATION")); !V.empty()) {
    if (V == "callback")
      C.Correlation = CorrelationSource::Callback;
    else if (V == "callback-runtime")
      C.Correlation = CorrelationSource::CallbackRuntime;
    else if (V == "external")
      C.Correlation = CorrelationSource::External;
    else
      C.Errors.push_back("HEADROOM_CORRELATION='" + V +
                         "' is not callback, callback-runtime or external; "
                         "using callback");
  }

  if (std::string V = Get("HEADROOM_FLUSH_S"); !V.empty()) {
    char *End = nullptr;
    double S = std::strtod(V.c_str(), &End);
    if (End && *End == '\0' && std::isfinite(S) && S >= 0 && S <= 1e7)
      C.FlushIntervalS = S;
    else
      C.Errors.push_back("HEADROOM_FLUSH_S='" + V +
                         "' is not a number of seconds (0 disables); "
                         "using 60");
  }

  if (std::string V = lower(Get("HEADROOM_SIGNALS")); !V.empty()) {
    if (V == "on" || V == "1" || V == "yes")
      C.Signals = true;
    else if (V == "off" || V == "0" || V == "no")
      C.Signals = false;
    else
      C.Errors.push_back("HEADROOM_SIGNALS='" + V +
                         "' is not on or off; using on");
  }

  if (std::string V = lower(Get("HEADROOM_PROFILER_LIFETIME")); !V.empty()) {
    if (V == "auto")
      C.Lifetime = ProfilerLifetime::Auto;
    else if (V == "sample")
      C.Lifetime = ProfilerLifetime::Sample;
    else if (V == "process")
      C.Lifetime = ProfilerLifetime::Process;
    else
      C.Errors.push_back("HEADROOM_PROFILER_LIFETIME='" + V +
                         "' is not auto, sample or process; using auto");
  }

  C.CuptiLibrary = Get("HEADROOM_CUPTI_LIBRARY");
  return C;
}

bool RuntimeConfig::releaseProfilerAfterSample() const {
  switch (Lifetime) {
  case ProfilerLifetime::Sample:
    return true;
  case ProfilerLifetime::Process:
    return false;
  case ProfilerLifetime::Auto:
    break;
  }
  return !(Rule.Which == SamplingRule::Kind::All ||
           (Rule.Which == SamplingRule::Kind::Every && Rule.N < 100));
}

} // namespace headroom::rt
