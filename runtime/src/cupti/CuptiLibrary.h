//===- CuptiLibrary.h - libcupti, opened at first use -----------*- C++ -*-===//
///
/// \file
/// Loads libcupti with dlopen and resolves the functions the runtime calls
/// into a table, so that a program linked with libheadroom_rt starts (and
/// runs, without timing) where CUPTI is missing. The library is searched in
/// this order: HEADROOM_CUPTI_LIBRARY alone when set; else the build-time
/// CUPTI directory, then libcupti.so.13 and libcupti.so through the normal
/// loader path, then $CUDA_HOME/extras/CUPTI/lib64 and $CUDA_HOME/lib64.
/// The handle is never closed (CUPTI cannot be unloaded safely).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_CUPTI_CUPTILIBRARY_H
#define HEADROOM_RUNTIME_CUPTI_CUPTILIBRARY_H

#include "Failure.h"

#include <cupti.h>
#include <cupti_pcsampling.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_target.h>

#include <memory>
#include <string>
#include <vector>

namespace headroom::rt {

/// Functions needed for timing and site joins.
#define HEADROOM_CUPTI_CORE_FUNCTIONS(X)                                       \
  X(cuptiGetResultString)                                                      \
  X(cuptiGetVersion)                                                           \
  X(cuptiSubscribe)                                                            \
  X(cuptiEnableCallback)                                                       \
  X(cuptiGetDeviceId)                                                          \
  X(cuptiActivityRegisterCallbacks)                                            \
  X(cuptiActivityEnable)                                                       \
  X(cuptiActivityFlushAll)                                                     \
  X(cuptiActivityGetNextRecord)                                                \
  X(cuptiActivityGetNumDroppedRecords)                                         \
  X(cuptiActivityPushExternalCorrelationId)                                    \
  X(cuptiActivityPopExternalCorrelationId)

/// Functions needed for counters (Profiler Host API + Range Profiler).
#define HEADROOM_CUPTI_PROFILER_FUNCTIONS(X)                                   \
  X(cuptiProfilerInitialize)                                                   \
  X(cuptiProfilerDeInitialize)                                                 \
  X(cuptiProfilerDeviceSupported)                                              \
  X(cuptiProfilerGetCounterAvailability)                                       \
  X(cuptiDeviceGetChipName)                                                    \
  X(cuptiProfilerHostInitialize)                                               \
  X(cuptiProfilerHostDeinitialize)                                             \
  X(cuptiProfilerHostConfigAddMetrics)                                         \
  X(cuptiProfilerHostGetConfigImageSize)                                       \
  X(cuptiProfilerHostGetConfigImage)                                           \
  X(cuptiProfilerHostGetNumOfPasses)                                           \
  X(cuptiProfilerHostEvaluateToGpuValues)                                      \
  X(cuptiRangeProfilerEnable)                                                  \
  X(cuptiRangeProfilerDisable)                                                 \
  X(cuptiRangeProfilerGetCounterDataSize)                                      \
  X(cuptiRangeProfilerCounterDataImageInitialize)                              \
  X(cuptiRangeProfilerSetConfig)                                               \
  X(cuptiRangeProfilerStart)                                                   \
  X(cuptiRangeProfilerStop)                                                    \
  X(cuptiRangeProfilerDecodeData)                                              \
  X(cuptiRangeProfilerGetCounterDataInfo)

/// Functions needed for warp-stall samples (PC Sampling API, and the
/// SASS-to-source correlation of cupti_pcsampling.h).
#define HEADROOM_CUPTI_PC_SAMPLING_FUNCTIONS(X)                                \
  X(cuptiPCSamplingEnable)                                                     \
  X(cuptiPCSamplingDisable)                                                    \
  X(cuptiPCSamplingGetNumStallReasons)                                         \
  X(cuptiPCSamplingGetStallReasons)                                            \
  X(cuptiPCSamplingSetConfigurationAttribute)                                  \
  X(cuptiPCSamplingStart)                                                      \
  X(cuptiPCSamplingStop)                                                       \
  X(cuptiPCSamplingGetData)                                                    \
  X(cuptiGetCubinCrc)                                                          \
  X(cuptiGetSassToSourceCorrelation)

/// Functions used when present.
#define HEADROOM_CUPTI_OPTIONAL_FUNCTIONS(X)                                   \
  X(cuptiSubscribe_v2)                                                         \
  X(cuptiActivityEnableDriverApi)                                              \
  X(cuptiActivityEnableRuntimeApi)                                             \
  X(cuptiActivitySetAttribute)                                                 \
  X(cuptiGetGraphNodeId)

/// The resolved functions; the types come from the CUPTI headers.
struct CuptiApi {
#define HEADROOM_CUPTI_MEMBER(Name) decltype(&::Name) Name = nullptr;
  HEADROOM_CUPTI_CORE_FUNCTIONS(HEADROOM_CUPTI_MEMBER)
  HEADROOM_CUPTI_PROFILER_FUNCTIONS(HEADROOM_CUPTI_MEMBER)
  HEADROOM_CUPTI_PC_SAMPLING_FUNCTIONS(HEADROOM_CUPTI_MEMBER)
  HEADROOM_CUPTI_OPTIONAL_FUNCTIONS(HEADROOM_CUPTI_MEMBER)
#undef HEADROOM_CUPTI_MEMBER
  /// Every profiler function resolved.
  bool HasProfiler = false;
  /// The first profiler function that did not resolve, if any.
  std::string MissingProfilerFunction;
  /// Every PC sampling function resolved; else the first that did not.
  bool HasPcSampling = false;
  std::string MissingPcSamplingFunction;
};

/// An opened libcupti with its function table.
class CuptiLibrary {
public:
  /// The paths to try, in order (see the file comment). \p Override is
  /// HEADROOM_CUPTI_LIBRARY, \p BuildDir the build-time CUPTI directory and
  /// \p CudaHome $CUDA_HOME; empty strings are skipped.
  static std::vector<std::string> candidatePaths(const std::string &Override,
                                                 const std::string &BuildDir,
                                                 const std::string &CudaHome);

  /// candidatePaths() for this process: \p Override, the build-time CUPTI
  /// directory, $CUDA_HOME (default /usr/local/cuda).
  static std::vector<std::string>
  defaultCandidates(const std::string &Override);

  /// Opens the first candidate that loads and has every core function.
  /// Returns null and sets \p Why (FailureKind::CuptiMissing) otherwise.
  static std::unique_ptr<CuptiLibrary>
  load(const std::vector<std::string> &Candidates, Failure &Why);

  const CuptiApi &api() const { return Api; }
  const std::string &path() const { return Path; }

  /// "CUPTI_ERROR_..." for \p Result.
  std::string resultName(CUptiResult Result) const;

private:
  CuptiLibrary() = default;
  CuptiApi Api;
  std::string Path;
  void *Handle = nullptr;
};

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_CUPTI_CUPTILIBRARY_H
