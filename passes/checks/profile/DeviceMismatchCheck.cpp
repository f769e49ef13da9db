//===- DeviceMismatchCheck.cpp - headroom-device-mismatch -----------------===//
///
/// \file
/// A device file for another GPU than the profile was recorded on: the
/// kernels are modeled on it, but measured times are not compared with its
/// floor, so there is no headroom.
///
//===----------------------------------------------------------------------===//

#include "checks/CheckRegistry.h"
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
    std::string Message = "the profile was recorded on " + Names +
                          ", but device '" + Dev.Name + "' (" +
                          deviceFileLabel(A.Device) + ") is another GPU";
    if (!Dev.Identity.ProductName.empty())
      Message += " ('" + Dev.Identity.ProductName + "')";
    Message += ": the kernels are modeled on it, but measured times are not "
               "compared with its floor, so there is no headroom";
    Diagnostic D = finding(DiagnosticLevel::Warning, name(), nullptr, Message);
    D.Notes.push_back(note(std::nullopt,
                           "give the profiled GPU's device file to --device "
                           "('headroom devices' lists them; 'headroom "
                           "calibrate' measures one), and other GPUs to "
                           "--target"));
    return {D};
  }
};

} // namespace

const ProfileCheck &checkDeviceMismatch() {
  static const DeviceMismatchCheck Instance;
  return Instance;
}

} // namespace headroom
