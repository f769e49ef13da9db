//===- StaticMixCheck.h - headroom-static-mix -------------------*- C++ -*-===//
///
/// \file
/// Before any run, what a kernel's compiled code says (sass/StaticBound.h):
/// the share of the device's peak its instruction mix allows and what takes
/// the issue slots, its static mix and pipes, its registers and shared
/// memory, its fp32 atomic adds to one word and the global loads its loops
/// keep in flight: one note per kernel, `[headroom-static-mix]`, for
/// `headroom static-mix` and the build (`headroom nvcc`).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_STATICMIXCHECK_H
#define HEADROOM_CHECKS_STATICMIXCHECK_H

#include "analysis/Diagnostic.h"
#include "checks/Check.h"
#include "sass/StaticBound.h"

#include <string>

namespace headroom {

class StaticMixCheck : public Check {
public:
  StaticMixCheck();
  /// The note of \p K on \p Device (named \p DeviceName), with its mix,
  /// pipes, resources, fp32 atomic adds to one word and global loads in
  /// flight as notes of its own.
  Diagnostic diagnostic(const sass::StaticKernel &K,
                        const DeviceParameters &Device,
                        const std::string &DeviceName) const;
};

const StaticMixCheck &checkStaticMix();

} // namespace headroom

#endif // HEADROOM_CHECKS_STATICMIXCHECK_H
