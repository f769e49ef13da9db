//===- CuptiStatus.cpp - CUPTI errors as Failures -------------------------===//

#include "cupti/CuptiStatus.h"

namespace headroom::rt {

FailureKind classifyCuptiResult(CUptiResult Result) {
  switch (Result) {
  case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
  case CUPTI_ERROR_VIRTUALIZED_DEVICE_INSUFFICIENT_PRIVILEGES:
    return FailureKind::InsufficientPrivileges;
  case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
  case CUPTI_ERROR_OLD_PROFILER_API_INITIALIZED:
    return FailureKind::MultipleSubscribers;
  case CUPTI_ERROR_HARDWARE_BUSY:
    return FailureKind::HardwareBusy;
  case CUPTI_ERROR_NOT_SUPPORTED:
  case CUPTI_ERROR_NOT_COMPATIBLE:
  case CUPTI_ERROR_LEGACY_PROFILER_NOT_SUPPORTED:
  case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
  case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
  case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
  case CUPTI_ERROR_MIG_DEVICE_NOT_SUPPORTED:
  case CUPTI_ERROR_SLI_DEVICE_NOT_SUPPORTED:
  case CUPTI_ERROR_WSL_DEVICE_NOT_SUPPORTED:
  case CUPTI_ERROR_INVALID_CHIP_NAME:
  case CUPTI_ERROR_UM_PROFILING_NOT_SUPPORTED_WITH_MPS:
    return FailureKind::NotSupported;
  case CUPTI_ERROR_INVALID_DEVICE:
    return FailureKind::NoDevice;
  default:
    return FailureKind::Other;
  }
}

Failure cuptiFailure(const CuptiLibrary &Lib, CUptiResult Result,
                     const char *Call) {
  return Failure{classifyCuptiResult(Result),
                 std::string(Call) + ": " + Lib.resultName(Result)};
}

} // namespace headroom::rt
