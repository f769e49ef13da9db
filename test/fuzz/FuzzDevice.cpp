//===- FuzzDevice.cpp - Fuzzing the headroom.device/1 reader --------------===//
///
/// \file
/// Any text through the JSON parser and the device reader; an accepted
/// device must survive the writer and the reader again, and predicting a
/// fixed kernel on it must give finite numbers.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "devices/DeviceFile.h"
#include "model/Prediction.h"
#include "support/JsonInput.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::optional<DeviceParameters> D =
      fuzz::accept<DeviceParameters>(fuzz::text(Data, Size), parseDevice);
  if (!D)
    return 0;
  fuzz::reread(*D, parseDevice, deviceToJson, "device");

  KernelParameters K;
  K.Name = "k";
  K.Type = KernelType::Fp32;
  K.WComp = 1e12;
  K.WTraf = 4e9;
  K.EMix = 1;
  K.DOps = 0.5;
  K.DLdSt = 0.25;
  K.DOther = 0.25;
  Expected<Prediction> P = predict(K, *D);
  if (!P)
    fuzz::fail("an accepted device cannot predict: " + P.error().message());
  fuzz::checkFinite(P->PredictedMs, "the predicted time");
  fuzz::checkFinite(P->AttainableGops, "the attainable throughput");
  fuzz::checkFinite(P->Margin, "the margin");
  return 0;
}
