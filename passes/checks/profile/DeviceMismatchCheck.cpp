//===- DeviceMismatchCheck.cpp - headroom-device-mismatch -----------------===//
///
/// \file
/// A device file for another GPU than the profile was recorded on: the
/// kernels are modeled on it, but measured times are not compared with its
/// floor, so there is no headroom.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
#include "checks/Message.h"
#include "checks/Notes.h"

namespace headroom {

namespace {

constexpr CheckInfo Info{
    checks::DeviceMismatch, DiagnosticLevel::Warning,
    "The device file describes another GPU than the one the profile was "
    "recorded on, so measured times cannot be compared with its floor.",
    "Give the profiled GPU's device file to --device (calibrate it with "
    "'headroom calibrate'); project onto other GPUs with --target."};

class DeviceMismatchCheck : public ProfileCheck {
public:
  DeviceMismatchCheck() : ProfileCheck(Info) {}
  std::vector<Diagnostic> diagnose(const Analysis &A) const override {
    if (A.ForeignDevices.empty())
      return {};
    const DeviceParameters &Dev = A.Device.Device;
    std::string Names;
    for (const std::string &N : A.ForeignDevices)
      Names += (Names.empty() ? "'" : ", '") + N + "'";
    std::string File = deviceFileLabel(A.Device);
    if (!Dev.Identity.ProductName.empty())
      File += ", '" + Dev.Identity.ProductName + "'";
    Diagnostic D = finding(DiagnosticLevel::Warning, name(), nullptr,
                           message(Msg::ProfileDeviceMismatch,
                                   {Arg::text(Names), Arg::quoted(Dev.Name)}));
    D.Notes.push_back(
        note(std::nullopt, message(Msg::NoteDeviceModeled,
                                   {Arg::quoted(Dev.Name), Arg::text(File)})));
    D.Notes.push_back(note(std::nullopt, message(Msg::NoteDeviceMismatchTry)));
    return {D};
  }
};

} // namespace

const ProfileCheck &checkDeviceMismatch() {
  static const DeviceMismatchCheck Instance;
  return Instance;
}

} // namespace headroom
