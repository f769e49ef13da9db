//===- RuntimeConfig.cpp - The runtime's environment variables ------------===//

#include "RuntimeConfig.h"

#include "DefaultMetrics.h"

#include <algorithm>
#include <cctype>

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

std::string expandPid(std::string Path, long Pid) {
  std::string Out;
  for (std::size_t I = 0; I < Path.size(); ++I) {
    if (Path[I] == '%' && I + 1 < Path.size() && Path[I + 1] == 'p') {
      Out += std::to_string(Pid);
      ++I;
    } else {
      Out.push_back(Path[I]);
    }
  }
  return Out;
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

RuntimeConfig
readRuntimeConfig(const std::function<const char *(const char *)> &Getenv,
                  long Pid) {
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

  if (std::string V = Get("HEADROOM_PROFILE"); !V.empty())
    C.ProfilePath = V;
  C.ProfilePath = expandPid(C.ProfilePath, Pid);

  if (std::string V = Get("HEADROOM_METRICS"); !V.empty()) {
    std::size_t Pos = 0;
    while (Pos <= V.size()) {
      std::size_t End = V.find_first_of(",; ", Pos);
      if (End == std::string::npos)
        End = V.size();
      std::string Item = trim(std::string_view(V).substr(Pos, End - Pos));
      if (!Item.empty()) {
        std::string Name = resolveMetricName(Item);
        if (std::find(C.Metrics.begin(), C.Metrics.end(), Name) ==
            C.Metrics.end())
          C.Metrics.push_back(std::move(Name));
      }
      Pos = End + 1;
    }
  }

  if (std::string V = lower(Get("HEADROOM_SAMPLE")); !V.empty()) {
    if (V == "sites")
      C.Scope = SamplingScope::Sites;
    else if (V == "all")
      C.Scope = SamplingScope::All;
    else
      C.Errors.push_back("HEADROOM_SAMPLE='" + V +
                         "' is not sites or all; using sites");
  }

  if (std::string V = lower(Get("HEADROOM_CORRELATION")); !V.empty()) {
    if (V == "callback")
      C.Correlation = CorrelationSource::Callback;
    else if (V == "external")
      C.Correlation = CorrelationSource::External;
    else
      C.Errors.push_back("HEADROOM_CORRELATION='" + V +
                         "' is not callback or external; using callback");
  }

  C.CuptiLibrary = Get("HEADROOM_CUPTI_LIBRARY");
  return C;
}

} // namespace headroom::rt
