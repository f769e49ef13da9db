//===- SamplingPolicy.cpp - Which launches get counters -------------------===//

#include "SamplingPolicy.h"

namespace headroom::rt {

std::string_view samplingScopeName(SamplingScope S) {
  switch (S) {
  case SamplingScope::Sites:
    return "sites";
  case SamplingScope::Scopes:
    return "scopes";
  case SamplingScope::All:
    return "all";
  }
  return "sites";
}

std::string SamplingRule::name() const {
  switch (Which) {
  case Kind::First:
    return "first";
  case Kind::Every:
    return "every:" + std::to_string(N);
  case Kind::All:
    return "all";
  case Kind::Off:
    return "off";
  }
  return "first";
}

const std::vector<std::string> &SamplingPolicy::builtinSkipPatterns() {
  static const std::vector<std::string> Patterns = {"nccl", "nvshmem"};
  return Patterns;
}

SamplingPolicy::SamplingPolicy(SamplingScope Scope, SamplingRule Rule,
                               std::vector<std::string> SkipPatterns,
                               unsigned MaxAttempts)
    : Scope(Scope), Rule(Rule), Skip(builtinSkipPatterns()),
      MaxAttempts(MaxAttempts) {
  for (std::string &P : SkipPatterns)
    if (!P.empty())
      Skip.push_back(std::move(P));
  if (this->Rule.Which == SamplingRule::Kind::Every && this->Rule.N == 0)
    this->Rule.N = 1;
}

bool SamplingPolicy::inScope(const LaunchKey &Key) const {
  switch (Scope) {
  case SamplingScope::Sites:
    return Key.Site != NoSite;
  case SamplingScope::Scopes:
    return Key.Site != NoSite || Key.Scope != NoScope;
  case SamplingScope::All:
    return true;
  }
  return false;
}

const std::string *
SamplingPolicy::skipPattern(const std::string &Kernel) const {
  for (const std::string &P : Skip)
    if (Kernel.find(P) != std::string::npos)
      return &P;
  return nullptr;
}

bool SamplingPolicy::claim(const LaunchKey &Key, std::string *Why) {
  if (!Enabled || Rule.Which == SamplingRule::Kind::Off || !inScope(Key))
    return false;
  auto It = Keys.find(Key);
  if (It == Keys.end()) {
    if (Keys.size() >= MaxKeys)
      return false;
    It = Keys.try_emplace(Key).first;
    if (const std::string *P = skipPattern(Key.Kernel)) {
      It->second.Refused = true;
      if (Why)
        *Why = "not sampled: the kernel name contains '" + *P + "'" +
               (P->rfind("nccl", 0) == 0 || P->rfind("nvshmem", 0) == 0
                    ? " (collective kernels wait on other GPUs and would "
                      "hang under kernel replay)"
                    : " (HEADROOM_SAMPLE_SKIP)");
      return false;
    }
  }
  State &S = It->second;
  ++S.Seen;
  if (S.Refused || S.Failures >= MaxAttempts)
    return false;
  bool Take = S.Retry;
  if (!Take) {
    switch (Rule.Which) {
    case SamplingRule::Kind::First:
      Take = !S.Done;
      break;
    case SamplingRule::Kind::Every:
      Take = (S.Seen - 1) % Rule.N == 0;
      break;
    case SamplingRule::Kind::All:
      Take = true;
      break;
    case SamplingRule::Kind::Off:
      Take = false;
      break;
    }
  }
  if (!Take)
    return false;
  S.Retry = false;
  S.Done = true;
  return true;
}

void SamplingPolicy::release(const LaunchKey &Key, bool Failed) {
  auto It = Keys.find(Key);
  if (It == Keys.end())
    return;
  State &S = It->second;
  if (Failed)
    ++S.Failures;
  S.Retry = S.Failures < MaxAttempts;
  if (Rule.Which == SamplingRule::Kind::First)
    S.Done = false;
}

void SamplingPolicy::refuse(const LaunchKey &Key) {
  auto It = Keys.find(Key);
  if (It != Keys.end())
    It->second.Refused = true;
}

} // namespace headroom::rt
