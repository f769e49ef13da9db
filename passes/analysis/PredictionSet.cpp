//===- PredictionSet.cpp - Many kernels on many devices -------------------===//

#include "analysis/PredictionSet.h"

#include "model/UnitRates.h"
#include "model/UtilizationCorrection.h"

namespace headroom {

double PredictionSet::totalPredictedMs(std::size_t Device) const {
  double Total = 0;
  for (std::size_t K = 0; K < Kernels.size(); ++K)
    Total += at(Device, K).PredictedMs;
  return Total;
}

std::optional<double>
PredictionSet::totalCorrectedMs(std::size_t Device) const {
  double Total = 0;
  for (std::size_t K = 0; K < Kernels.size(); ++K) {
    const Prediction &P = at(Device, K);
    if (!P.Correction)
      return std::nullopt;
    Total += P.Correction->CorrectedMs;
  }
  return Total;
}

std::optional<double> PredictionSet::totalMeasuredMs(std::size_t Device) const {
  double Total = 0;
  for (std::size_t K = 0; K < Kernels.size(); ++K) {
    const Prediction &P = at(Device, K);
    if (!P.MeasuredMs)
      return std::nullopt;
    Total += *P.MeasuredMs;
  }
  return Total;
}

Expected<PredictionSet> buildPredictionSet(std::vector<KernelEntry> Kernels,
                                           PredictionRequest Request) {
  if (Kernels.empty())
    return Error("no kernels to predict");
  PredictionSet Set;
  Set.Options = Request.Options;

  if (Request.MeasuredMsOverride) {
    if (!Request.Reference)
      return Error("--measured-ms needs --reference: name the GPU the time "
                   "was measured on");
    if (Kernels.size() != 1)
      return Error("--measured-ms applies to a counters file with one "
                   "kernel; this one has " +
                   std::to_string(Kernels.size()) +
                   " (give measured_ms per kernel in the file instead)");
    if (!(*Request.MeasuredMsOverride > 0))
      return Error("--measured-ms must be a positive number of milliseconds");
    Kernels[0].MeasuredMs = *Request.MeasuredMsOverride;
  }

  // Devices: the reference first if it is not among the targets; same-named
  // devices once.
  auto AddDevice = [&](DeviceEntry E) -> std::size_t {
    for (std::size_t I = 0; I < Set.Devices.size(); ++I)
      if (deviceMatches(Set.Devices[I].Device, E.Device.Name))
        return I;
    Set.Devices.push_back(std::move(E));
    return Set.Devices.size() - 1;
  };
  if (Request.Reference) {
    bool Listed = false;
    for (const DeviceEntry &E : Request.Devices)
      Listed |= deviceMatches(E.Device, Request.Reference->Device.Name);
    if (!Listed)
      AddDevice(*Request.Reference);
  }
  for (DeviceEntry &E : Request.Devices)
    AddDevice(std::move(E));
  if (Set.Devices.empty())
    return Error("no device to predict on (give --device)");
  if (Request.Reference)
    Set.ReferenceIndex = AddDevice(*Request.Reference);

  std::vector<KernelParameters> KernelParams;
  for (const KernelEntry &K : Kernels)
    KernelParams.push_back(K.Parameters);
  std::vector<DeviceParameters> DeviceParams;
  for (const DeviceEntry &D : Set.Devices)
    DeviceParams.push_back(D.Device);
  Expected<std::vector<Prediction>> All =
      predictAll(KernelParams, DeviceParams, Request.Options);
  if (!All)
    return All.error();
  Set.Kernels = std::move(Kernels);
  Set.Predictions = std::move(*All);

  bool AnyMeasured = false;
  for (const KernelEntry &K : Set.Kernels)
    AnyMeasured |= K.MeasuredMs.has_value();
  if (Set.ReferenceIndex) {
    if (!AnyMeasured)
      return Error("--reference needs measured times: give measured_ms in "
                   "the counters file, or --measured-ms for a single kernel");
    const std::string &RefName = Set.Devices[*Set.ReferenceIndex].Device.Name;
    for (std::size_t K = 0; K < Set.Kernels.size(); ++K) {
      if (!Set.Kernels[K].MeasuredMs) {
        Set.Uncorrected.push_back(Set.Kernels[K].Parameters.Name);
        continue;
      }
      Prediction &OnRef =
          Set.Predictions[*Set.ReferenceIndex * Set.Kernels.size() + K];
      OnRef.MeasuredMs = Set.Kernels[K].MeasuredMs;
      Expected<double> EUtil = utilizationFactor(OnRef);
      if (!EUtil)
        return EUtil.error();
      for (std::size_t D = 0; D < Set.Devices.size(); ++D)
        applyUtilizationFactor(Set.Predictions[D * Set.Kernels.size() + K],
                               RefName, *EUtil);
    }
  } else if (AnyMeasured) {
    Set.MeasuredTimesUnused = true;
  }
  return Set;
}

Expected<PredictionSet> predictFiles(const PredictFiles &R,
                                     const DeviceRegistry &Registry) {
  Expected<CountersFile> Counters = readCountersFile(R.CountersPath);
  if (!Counters)
    return Counters.error();
  PredictionRequest Request;
  Request.Options = R.Options;
  Request.MeasuredMsOverride = R.MeasuredMsOverride;
  for (const std::string &Name : R.Devices) {
    Expected<std::vector<DeviceEntry>> E = Registry.lookupTargets(Name);
    if (!E)
      return E.error();
    for (DeviceEntry &D : *E)
      Request.Devices.push_back(std::move(D));
  }
  if (R.Reference) {
    Expected<DeviceEntry> E = Registry.lookup(*R.Reference);
    if (!E)
      return E.error();
    Request.Reference = std::move(*E);
  }
  Expected<PredictionSet> Set =
      buildPredictionSet(std::move(Counters->Kernels), std::move(Request));
  if (Set) {
    Set->Source = R.CountersPath;
    if (R.Options.Choice == ModelChoice::Auto)
      for (const DeviceEntry &E : Set->Devices)
        Set->HopperNeedsProfile |= bool(unitRates(E.Device));
  }
  return Set;
}

} // namespace headroom
