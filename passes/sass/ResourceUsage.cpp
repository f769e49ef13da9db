//===- ResourceUsage.cpp - Registers, shared memory, occupancy ------------===//

#include "sass/ResourceUsage.h"

#include "sass/SassListing.h"

#include <algorithm>
#include <regex>
#include <sstream>

namespace headroom::sass {

namespace {

const std::regex FunctionLine(R"(^\s*Function\s+(\S+?)\s*:\s*$)");
const std::regex Field(R"(\b(REG|STACK|SHARED|LOCAL):([0-9]{1,9})\b)");

} // namespace

Expected<std::map<std::string, KernelResources>>
parseResourceUsage(const std::string &Text, const std::string &Source) {
  std::map<std::string, KernelResources> Out;
  std::istringstream In(Text);
  std::string Line, Current;
  unsigned LineNo = 0;
  while (std::getline(In, Line)) {
    if (std::optional<Error> E = overlongLine(Line, ++LineNo, Source))
      return *E;
    std::smatch M;
    if (std::regex_search(Line, M, FunctionLine)) {
      Current = M[1].str();
      Out[Current];
      continue;
    }
    if (Current.empty())
      continue;
    KernelResources &R = Out[Current];
    for (std::sregex_iterator It(Line.begin(), Line.end(), Field), End;
         It != End; ++It) {
      unsigned V = unsigned(std::stoul((*It)[2].str()));
      std::string Key = (*It)[1].str();
      if (Key == "REG")
        R.Registers = V;
      else if (Key == "STACK")
        R.StackBytes = V;
      else if (Key == "SHARED")
        R.SharedBytes = V;
      else
        R.LocalBytes = V;
    }
  }
  if (Out.empty())
    return Error(Source + ": expected the output of 'cuobjdump -res-usage' "
                          "(no 'Function NAME:' line)");
  return Out;
}

std::optional<OccupancyLimit> occupancyLimit(const KernelResources &R,
                                             const std::string &Arch) {
  if (Arch != "sm_90" && Arch != "sm_90a")
    return std::nullopt;
  constexpr unsigned RegistersPerSm = 65536, RegisterUnit = 256;
  constexpr unsigned SharedPerSm = 233472, ReservedPerBlock = 1024;
  constexpr unsigned MaxBlocks = 32;
  OccupancyLimit L;
  if (R.Registers > 0) {
    unsigned PerWarp =
        (R.Registers * 32 + RegisterUnit - 1) / RegisterUnit * RegisterUnit;
    L.WarpsByRegisters =
        std::min(OccupancyLimit::MaxWarps, RegistersPerSm / PerWarp);
  }
  if (R.SharedBytes > 0)
    L.BlocksBySharedMemory =
        std::min(MaxBlocks, SharedPerSm / (R.SharedBytes + ReservedPerBlock));
  return L;
}

} // namespace headroom::sass
