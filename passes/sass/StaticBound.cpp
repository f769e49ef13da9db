//===- StaticBound.cpp - The cap a kernel's instruction mix sets ----------===//

#include "sass/StaticBound.h"

#include "analysis/SitesMatchSources.h"
#include "model/UnitRates.h"
#include "support/KernelNames.h"
#include "support/Paths.h"

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <regex>
#include <sstream>
#include <string_view>

namespace headroom::sass {

const char *staticLimiterKey(StaticCap::LimitedBy L) {
  switch (L) {
  case StaticCap::LimitedBy::Operations:
    return "operations";
  case StaticCap::LimitedBy::LoadStore:
    return "load_store";
  case StaticCap::LimitedBy::Other:
    return "other";
  }
  return "operations";
}

StaticCap staticCap(const KernelMix &Mix, const DeviceParameters &Device) {
  DeviceWeights W = computeWeights(Device);
  double COp = Mix.dOps() * W.op(Mix.type());
  double CLdSt = Mix.dLdSt() * W.LdSt;
  double COther = Mix.dOther() * W.Other;
  StaticCap C;
  C.EMix = Mix.eMix();
  C.EInstr = COp + CLdSt + COther > 0 ? COp / (COp + CLdSt + COther) : 0;
  C.ShareOfPeak = C.EMix * C.EInstr;
  if (CLdSt >= COther && CLdSt > 0) {
    C.Limiter = StaticCap::LimitedBy::LoadStore;
    C.LimiterShare = Mix.dLdSt();
  } else if (COther > 0) {
    C.Limiter = StaticCap::LimitedBy::Other;
    C.LimiterShare = Mix.dOther();
  }
  return C;
}

std::optional<SourceLocation>
findKernelDefinition(const std::string &Identifier,
                     const std::vector<std::string> &Sources) {
  if (Identifier.empty())
    return std::nullopt;
  const std::regex Name("\\b" + Identifier + "\\s*[(<]");
  for (const std::string &File : Sources) {
    Expected<std::string> Text = readFile(File);
    if (!Text)
      continue;
    std::istringstream In(*Text);
    std::string Line;
    unsigned LineNo = 0, SinceGlobal = 3;
    while (std::getline(In, Line)) {
      ++LineNo;
      if (Line.find("__global__") != std::string::npos)
        SinceGlobal = 0;
      std::smatch M;
      if (SinceGlobal <= 2 && std::regex_search(Line, M, Name))
        return SourceLocation{normalizedPath(File), LineNo,
                              unsigned(M.position(0)) + 1};
      ++SinceGlobal;
    }
  }
  return std::nullopt;
}

std::vector<StaticKernel>
staticKernels(const std::vector<Function> &Functions,
              const std::map<std::string, KernelResources> &Resources,
              const std::vector<std::string> &Sources, double LoopWeight) {
  std::vector<StaticKernel> Out;
  for (const Function &F : Functions) {
    auto R = Resources.find(F.Name);
    if (!Resources.empty() && R == Resources.end())
      continue;
    StaticKernel K;
    K.Mix = mixOf(F, LoopWeight);
    K.OneWordFp32Atomics = oneWordFp32Atomics(F);
    K.GlobalAtomics = globalAtomics(F);
    K.GlobalLoadRounds = loadRounds(F);
    K.GlobalIndirectLoads = indirectLoads(F);
    if (R != Resources.end())
      K.Resources = R->second;
    std::string Readable = demangledName(F.Name);
    K.Mangled = F.Name;
    K.Signature = Readable;
    // "(anonymous namespace)::k(...)": the parenthesis is not the
    // argument list's.
    std::string Bare = Readable;
    for (size_t At;
         (At = Bare.find("(anonymous namespace)::")) != std::string::npos;)
      Bare.erase(At, std::string_view("(anonymous namespace)::").size());
    K.Display = kernelIdentifier(Bare);
    if (K.Display.empty())
      K.Display = Readable;
    K.Definition = findKernelDefinition(K.Display, Sources);
    Out.push_back(std::move(K));
  }
  return Out;
}

} // namespace headroom::sass
