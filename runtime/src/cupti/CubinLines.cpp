//===- CubinLines.cpp - Source lines of sampled SASS instructions ---------===//

#include "cupti/CubinLines.h"

#include <cstdlib>

namespace headroom::rt {

void CubinLines::add(const CuptiApi &Api, const void *Data, std::size_t Size) {
  if (!Api.cuptiGetCubinCrc || !Data || Size == 0)
    return;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Bytes + Size > MaxBytes) {
      ++Skipped;
      return;
    }
  }
  CUpti_GetCubinCrcParams P = {};
  P.size = CUpti_GetCubinCrcParamsSize;
  P.cubin = Data;
  P.cubinSize = Size;
  if (Api.cuptiGetCubinCrc(&P) != CUPTI_SUCCESS)
    return;
  const char *Bytes0 = static_cast<const char *>(Data);
  std::vector<char> Copy(Bytes0, Bytes0 + Size);
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Cubins.count(P.cubinCrc) || Bytes + Size > MaxBytes)
    return;
  Bytes += Size;
  Cubins.emplace(P.cubinCrc, std::move(Copy));
}

std::optional<CubinLines::Line> CubinLines::lineOf(const CuptiApi &Api,
                                                   std::uint64_t Crc,
                                                   const std::string &Function,
                                                   std::uint64_t Offset) {
  std::lock_guard<std::mutex> Lock(Mutex);
  Where Key{Crc, Function, Offset};
  if (auto It = Cache.find(Key); It != Cache.end())
    return It->second;
  std::optional<Line> Found;
  auto Cubin = Cubins.find(Crc);
  if (Cubin != Cubins.end() && Api.cuptiGetSassToSourceCorrelation) {
    CUpti_GetSassToSourceCorrelationParams P = {};
    P.size = CUpti_GetSassToSourceCorrelationParamsSize;
    P.cubin = Cubin->second.data();
    P.cubinSize = Cubin->second.size();
    P.functionName = Function.c_str();
    P.pcOffset = Offset;
    if (Api.cuptiGetSassToSourceCorrelation(&P) == CUPTI_SUCCESS) {
      if (P.fileName && *P.fileName && P.lineNumber > 0)
        Found = Line{P.fileName, P.dirName ? P.dirName : "", P.lineNumber};
      // CUPTI allocates both with malloc; the caller frees them.
      std::free(P.fileName);
      std::free(P.dirName);
    }
  }
  Cache.emplace(std::move(Key), Found);
  return Found;
}

std::size_t CubinLines::modules() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Cubins.size();
}

std::size_t CubinLines::skippedModules() const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Skipped;
}

} // namespace headroom::rt
