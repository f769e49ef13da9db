//===- CuptiLoader.h - libcupti and libcuda, loaded once --------*- C++ -*-===//
///
/// \file
/// Shared by CuptiTracer and RangeProfilerSampler: loads libcuda and libcupti
/// at the first request, once per process, and remembers why when it cannot.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUPTILOADER_H
#define HEADROOM_RUNTIME_CUPTI_CUPTILOADER_H

#include "cupti/CudaDriver.h"
#include "cupti/CuptiLibrary.h"

#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace headroom::rt {

class CuptiLoader {
public:
  /// \p Candidates: the libcupti paths to try (CuptiLibrary::candidatePaths).
  explicit CuptiLoader(std::vector<std::string> Candidates)
      : Candidates(std::move(Candidates)) {}

  /// Loads both libraries (first call only). Returns false with \p Why set
  /// when either is missing; the driver is checked first, since CUPTI
  /// cannot work without it.
  bool load(Failure &Why) {
    std::call_once(Once, [this] {
      Driver = CudaDriver::load(LoadFailure);
      if (!Driver)
        return;
      Cupti = CuptiLibrary::load(Candidates, LoadFailure);
    });
    if (Driver && Cupti)
      return true;
    Why = LoadFailure;
    return false;
  }

  /// Valid after a successful load().
  const CuptiLibrary &cupti() const { return *Cupti; }
  const CudaDriver &driver() const { return *Driver; }
  bool loaded() const { return Driver && Cupti; }

private:
  std::vector<std::string> Candidates;
  std::once_flag Once;
  Failure LoadFailure;
  std::unique_ptr<CudaDriver> Driver;
  std::unique_ptr<CuptiLibrary> Cupti;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUPTILOADER_H
