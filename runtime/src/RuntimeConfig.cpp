//===- RuntimeConfig.cpp - The runtime's environment variables ------------===//

#include "RuntimeConfig.h"

#include "DefaultMetrics.h"
#include "ProcessInfo.h"
#include "StallPolicy.h"

#include "support/InputFile.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <initializer_list>
#include <type_traits>

namespace headroom::rt {

namespace {

/// A variable's value in a warning: quoted, on one line and short (the
/// warning goes to the user program's standard error).
std::string quoted(std::string_view Value) {
  return "'" + printable(Value, 80) + "'";
}

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

/// One value of a variable that names one of a few choices, with the
/// spellings that select it (messages name the first).
template <typename T> struct Choice {
  std::initializer_list<const char *> Spellings;
  T Value;
};

/// Sets \p Field to the choice that variable \p Name spells (any case;
/// unset or empty changes nothing); an unknown spelling leaves Field as it is
/// and adds a message to \p Errors that names the choices and the one kept.
template <typename GetFn, typename T>
void readChoice(const GetFn &Get, const char *Name, T &Field,
                std::initializer_list<Choice<std::type_identity_t<T>>> Choices,
                std::vector<std::string> &Errors) {
  std::string Value = lower(Get(Name));
  if (Value.empty())
    return;
  for (const Choice<T> &C : Choices)
    for (const char *Spelling : C.Spellings)
      if (Value == Spelling) {
        Field = C.Value;
        return;
      }
  std::string Message = std::string(Name) + "=" + quoted(Value) + " is not ";
  std::string Kept;
  std::size_t I = 0;
  for (const Choice<T> &C : Choices) {
    if (I > 0)
      Message += I + 1 == Choices.size() ? " or " : ", ";
    Message += *C.Spellings.begin();
    if (C.Value == Field)
      Kept = *C.Spellings.begin();
    ++I;
  }
  Errors.push_back(Message + "; using " + Kept);
}

/// HEADROOM_CACHE_DIR, else $XDG_CACHE_HOME/headroom, else
/// $HOME/.cache/headroom; "off" (or no home): none.
template <typename GetFn> std::string cacheDirectory(GetFn &&Get) {
  std::string Dir = Get("HEADROOM_CACHE_DIR");
  if (lower(Dir) == "off")
    return "";
  if (!Dir.empty())
    return Dir;
  if (std::string Xdg = Get("XDG_CACHE_HOME"); !Xdg.empty())
    return Xdg + "/headroom";
  if (std::string Home = Get("HOME"); !Home.empty())
    return Home + "/.cache/headroom";
  return "";
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

bool chooseBuildProfile(RuntimeConfig &C, std::string_view Pattern, long Pid,
                        std::string_view Host, std::optional<long> Rank) {
  if (Pattern.empty() || C.ProfileFrom == ProfileChoice::Variable ||
      C.ProfileFrom == ProfileChoice::Directory)
    return false;
  C.ProfilePath = expandProfilePath(Pattern, Pid, Host, Rank);
  C.ProfileFrom = ProfileChoice::Build;
  return true;
}

RuntimeConfig readRuntimeConfig(const GetenvFn &Getenv, long Pid,
                                std::string_view Host) {
  RuntimeConfig C;
  auto Get = [&](const char *Name) -> std::string {
    const char *V = Getenv(Name);
    return V ? trim(V) : std::string();
  };

  readChoice(Get, "HEADROOM_MODE", C.RequestedMode,
             {{{"off", "0", "none"}, Mode::Off},
              {{"time", "timing"}, Mode::Time},
              {{"counters"}, Mode::Counters}},
             C.Errors);

  std::string Pattern = Get("HEADROOM_PROFILE");
  if (!Pattern.empty()) {
    C.ProfileFrom = ProfileChoice::Variable;
  } else if (std::string Dir = Get("HEADROOM_PROFILE_DIR"); !Dir.empty()) {
    C.ProfileFrom = ProfileChoice::Directory;
    Pattern = Dir + (Dir.back() == '/' ? "" : "/") + DefaultProfileName;
  } else {
    Pattern = C.ProfilePath;
  }
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
      C.Errors.push_back("HEADROOM_METRICS=" + quoted(V) +
                         " names no metric; using the defaults");
    }
  }

  if (std::string V = lower(Get("HEADROOM_SAMPLE")); !V.empty()) {
    if (std::optional<SamplingRule> R = parseRule(V))
      C.Rule = *R;
    else if (V == "sites")
      C.Errors.push_back("HEADROOM_SAMPLE='sites' is now "
                         "HEADROOM_SAMPLE_SCOPE=sites; "
                         "HEADROOM_SAMPLE is first, every:N, all or off; "
                         "using first");
    else
      C.Errors.push_back("HEADROOM_SAMPLE=" + quoted(V) +
                         " is not first, every:N, all or off; using first");
  }

  readChoice(Get, "HEADROOM_SAMPLE_SCOPE", C.Scope,
             {{{"sites"}, SamplingScope::Sites},
              {{"scopes"}, SamplingScope::Scopes},
              {{"all"}, SamplingScope::All}},
             C.Errors);

  readChoice(Get, "HEADROOM_SAMPLE_GROUPING", C.Bounds.Grouping,
             {{{"size"}, SamplingGrouping::Size},
              {{"exact"}, SamplingGrouping::Exact}},
             C.Errors);

  if (std::string V = lower(Get("HEADROOM_BUDGET_PCT")); !V.empty()) {
    char *End = nullptr;
    double Pct = std::strtod(V.c_str(), &End);
    if (V == "off" || V == "none")
      C.BudgetPct = std::nullopt;
    else if (End && *End == '\0' && std::isfinite(Pct) && Pct >= 0 &&
             Pct <= 1e6)
      C.BudgetPct = Pct;
    else
      C.Errors.push_back("HEADROOM_BUDGET_PCT=" + quoted(V) +
                         " is not a percentage of the program's time (a "
                         "number >= 0) or off; using 20");
  }

  if (std::string V = lower(Get("HEADROOM_SAMPLES_PER_KERNEL")); !V.empty()) {
    char *End = nullptr;
    unsigned long N = std::strtoul(V.c_str(), &End, 10);
    if (V == "off" || V == "none")
      C.Bounds.PerKernel = std::nullopt;
    else if (std::isdigit(static_cast<unsigned char>(V[0])) && End &&
             *End == '\0' && N > 0 && N <= 1000000UL)
      C.Bounds.PerKernel = static_cast<unsigned>(N);
    else
      C.Errors.push_back("HEADROOM_SAMPLES_PER_KERNEL=" + quoted(V) +
                         " is not a positive number of samples or off; "
                         "using 16");
  }

  if (std::string V = Get("HEADROOM_SAMPLE_SKIP"); !V.empty())
    C.SkipPatterns = splitList(V);

  readChoice(Get, "HEADROOM_CORRELATION", C.Correlation,
             {{{"callback"}, CorrelationSource::Callback},
              {{"callback-runtime"}, CorrelationSource::CallbackRuntime},
              {{"external"}, CorrelationSource::External}},
             C.Errors);

  if (std::string V = Get("HEADROOM_FLUSH_S"); !V.empty()) {
    char *End = nullptr;
    double S = std::strtod(V.c_str(), &End);
    if (End && *End == '\0' && std::isfinite(S) && S >= 0 && S <= 1e7)
      C.FlushIntervalS = S;
    else
      C.Errors.push_back("HEADROOM_FLUSH_S=" + quoted(V) +
                         " is not a number of seconds (0 disables); "
                         "using 60");
  }

  readChoice(Get, "HEADROOM_SIGNALS", C.Signals,
             {{{"on", "1", "yes"}, true}, {{"off", "0", "no"}, false}},
             C.Errors);

  readChoice(Get, "HEADROOM_PROFILER_LIFETIME", C.Lifetime,
             {{{"auto"}, ProfilerLifetime::Auto},
              {{"sample"}, ProfilerLifetime::Sample},
              {{"process"}, ProfilerLifetime::Process}},
             C.Errors);

  if (std::string V = lower(Get("HEADROOM_PC_SAMPLING")); !V.empty()) {
    char *End = nullptr;
    unsigned long N = std::strtoul(V.c_str(), &End, 10);
    bool Number =
        std::isdigit(static_cast<unsigned char>(V[0])) && End && *End == '\0';
    if (V == "on" || V == "1" || V == "yes") {
      C.PcSampling = true;
    } else if (V == "off" || V == "0" || V == "no") {
      C.PcSampling = false;
    } else if (Number && N >= StallPolicy::MinExponent &&
               N <= StallPolicy::MaxExponent) {
      C.PcSampling = true;
      C.PcSamplingExponent = static_cast<unsigned>(N);
    } else {
      C.Errors.push_back(
          "HEADROOM_PC_SAMPLING=" + quoted(V) + " is not on, off or a " +
          "period exponent from " + std::to_string(StallPolicy::MinExponent) +
          " to " + std::to_string(StallPolicy::MaxExponent) + "; using on");
    }
  }

  C.CuptiLibrary = Get("HEADROOM_CUPTI_LIBRARY");
  C.CacheDir = cacheDirectory(Get);
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
  // `first` takes a few samples per kernel under its bounds, close
  // together at the start of each phase: profiler set-up costs more than the
  // ~1 us per launch an initialized profiler adds. Rare samples release it.
  return Rule.Which == SamplingRule::Kind::Every && Rule.N >= 100;
}

} // namespace headroom::rt
