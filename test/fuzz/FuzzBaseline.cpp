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
  Expected<nlohmann::json> Doc = parseJson(fuzz::text(Data, Size));
  if (!Doc)
    return fuzz::checkMessage(Doc.error()), 0;
  Expected<Baseline> B = parseBaseline(*Doc);
  if (!B)
    return fuzz::checkMessage(B.error()), 0;
  Expected<nlohmann::json> Again = parseJson(baselineToJson(*B).dump(2));
  if (!Again)
    fuzz::fail("the written baseline is not JSON: " + Again.error().message());
  Expected<Baseline> Reread = parseBaseline(*Again);
  if (!Reread)
    fuzz::fail("the written baseline is refused: " + Reread.error().message());
  for (const BaselineKernel &K : B->Kernels)
    B->find(K.Key);
  return 0;
}
