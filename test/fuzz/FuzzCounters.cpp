//===- FuzzCounters.cpp - Fuzzing the headroom.counters/1 reader ----------===//
///
/// \file
/// Any text through the JSON parser and the counters reader; the kernels
/// of an accepted file are predicted on a shipped device, and every number
/// `headroom predict` prints must be finite.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "devices/DeviceFile.h"
#include "model/CountersFile.h"
#include "model/Prediction.h"
#include "support/JsonInput.h"

#include <optional>

using namespace headroom;

namespace {

const DeviceParameters &device() {
  static std::optional<DeviceParameters> D;
  if (!D) {
    Expected<DeviceParameters> Read =
        readDeviceFile(HEADROOM_SOURCE_DIR "/passes/devices/h100-sxm.json");
    if (!Read)
      fuzz::fail("the H100 device file: " + Read.error().message());
    D = std::move(*Read);
  }
  return *D;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::optional<CountersFile> C =
      fuzz::accept<CountersFile>(fuzz::text(Data, Size), parseCounters);
  if (!C)
    return 0;
  for (const KernelEntry &K : C->Kernels) {
    Expected<Prediction> P = predict(K.Parameters, device());
    if (!P) {
      fuzz::checkMessage(P.error());
      fuzz::fail("an accepted kernel cannot be predicted: " +
                 P.error().message());
    }
    fuzz::checkFinite(P->PredictedMs, "the predicted time");
    fuzz::checkFinite(P->AttainableGops, "the attainable throughput");
    // O_krn is infinite (and the margin "inf") only without DRAM traffic.
    if (std::isinf(P->OKrn) && P->WTraf != 0)
      fuzz::fail("infinite intensity with DRAM traffic");
    if (!std::isinf(P->OKrn))
      fuzz::checkFinite(P->Margin, "the margin");
    if (auto H = P->headroom())
      fuzz::checkFinite(*H, "the headroom");
    if (auto A = P->attainablePct())
      fuzz::checkFinite(*A, "the attainable percentage");
  }
  return 0;
}
