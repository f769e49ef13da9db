//===- ProfilePredictions.cpp - A profile's kernels on devices ------------===//

#include "analysis/ProfilePredictions.h"

#include "analysis/DeviceMatch.h"
#include "analysis/KernelReport.h"

namespace headroom {

Expected<ProfilePredictions> predictProfile(const ProfileDocument &P,
                                            std::vector<DeviceEntry> Devices,
                                            const ModelOptions &Options) {
  if (P.Kernels.empty())
    return Error(P.Path + ": the profile has no kernel launches to predict");
  ProfilePredictions Out;
  Out.Source = P.Path;
  Out.Options = Options;
  for (const ProfileDevice &D : P.Devices)
    if (!D.Name.empty())
      Out.ProfiledOn.push_back(D.Name);
  for (DeviceEntry &E : Devices) {
    bool Seen = false;
    for (const DeviceEntry &Kept : Out.Devices)
      Seen |= deviceMatches(Kept.Device, E.Device.Name);
    if (!Seen)
      Out.Devices.push_back(std::move(E));
  }
  if (Out.Devices.empty())
    return Error("no device to predict on (give --device)");
  for (const DeviceEntry &E : Out.Devices) {
    bool Measured = foreignDevices(P, E.Device).empty();
    Out.Measured.push_back(Measured);
    ProfileReport R = analyzeProfile(P, E.Device, Options, Measured);
    for (const KernelReport &K : R.Kernels) {
      KernelOnDevice O{K.Kernel, K.Definition, K.Launches, K.Finding, ""};
      if (!K.Finding)
        O.Why =
            K.ModelError ? K.ModelError->message() : std::string("no counters");
      Out.Predictions.push_back(std::move(O));
    }
  }
  return Out;
}

} // namespace headroom
