//===- MetricSelection.cpp - Which metrics fit in how many passes ---------===//

#include "MetricSelection.h"

namespace headroom::rt {

std::optional<MetricChoice> selectMetrics(std::span<const std::string> Required,
                                          std::span<const std::string> Extras,
                                          const PassCounter &CountPasses) {
  MetricChoice Choice;
  std::vector<std::string> Base(Required.begin(), Required.end());
  std::optional<std::size_t> BasePasses;
  if (!Base.empty())
    BasePasses = CountPasses(Base);
  if (!BasePasses) {
    // Some required metric is unknown on this chip: keep the others.
    std::vector<std::string> Valid;
    for (const std::string &Name : Required) {
      std::string One[] = {Name};
      if (CountPasses(One))
        Valid.push_back(Name);
      else
        Choice.Dropped.push_back({Name, "not available on this chip"});
    }
    Base = std::move(Valid);
    if (Base.empty())
      return std::nullopt;
    BasePasses = CountPasses(Base);
    if (!BasePasses)
      return std::nullopt;
  }

  // Fast path: all extras fit.
  if (!Extras.empty()) {
    std::vector<std::string> All = Base;
    All.insert(All.end(), Extras.begin(), Extras.end());
    if (std::optional<std::size_t> P = CountPasses(All);
        P && *P <= *BasePasses) {
      Choice.Metrics = std::move(All);
      Choice.Passes = *P;
      return Choice;
    }
  }

  std::size_t Passes = *BasePasses;
  for (const std::string &Name : Extras) {
    std::vector<std::string> Candidate = Base;
    Candidate.push_back(Name);
    std::optional<std::size_t> P = CountPasses(Candidate);
    if (!P) {
      Choice.Dropped.push_back({Name, "not available on this chip"});
      continue;
    }
    if (*P > *BasePasses) {
      Choice.Dropped.push_back({Name, "would raise the replay passes from " +
                                          std::to_string(*BasePasses) + " to " +
                                          std::to_string(*P)});
      continue;
    }
    Base = std::move(Candidate);
    Passes = *P;
  }
  Choice.Metrics = std::move(Base);
  Choice.Passes = Passes;
  return Choice;
}

} // namespace headroom::rt
