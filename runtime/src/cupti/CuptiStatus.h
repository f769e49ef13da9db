//===- CuptiStatus.h - CUPTI errors as Failures -----------------*- C++ -*-===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUPTISTATUS_H
#define HEADROOM_RUNTIME_CUPTI_CUPTISTATUS_H

#include "Failure.h"
#include "cupti/CuptiLibrary.h"

namespace headroom::rt {

/// The failure class of a CUPTI error code.
FailureKind classifyCuptiResult(CUptiResult Result);

/// A Failure for \p Result returned by \p Call ("cuptiX: CUPTI_ERROR_Y").
Failure cuptiFailure(const CuptiLibrary &Lib, CUptiResult Result,
                     const char *Call);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUPTISTATUS_H
