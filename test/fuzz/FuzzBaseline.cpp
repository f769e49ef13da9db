//===- FuzzBaseline.cpp - Fuzzing the headroom.baseline/1 reader ----------===//
///
/// \file
/// Any text through the JSON parser and the baseline reader; an accepted
/// baseline must survive the writer and the reader again.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "analysis/Baseline.h"
#include "support/JsonInput.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::optional<Baseline> B =
      fuzz::accept<Baseline>(fuzz::text(Data, Size), parseBaseline);
  if (!B)
    return 0;
  fuzz::reread(*B, parseBaseline, baselineToJson, "baseline");
  for (const BaselineKernel &K : B->Kernels)
    B->find(K.Key);
  return 0;
}
