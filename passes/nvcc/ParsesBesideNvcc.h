//===- ParsesBesideNvcc.h - Parses that run while nvcc compiles -*- C++ -*-===//
///
/// \file
/// The Clang parses of the sources that nvcc compiles unchanged (those that
/// launch no kernel, LaunchScan.h, and every source when nothing is
/// instrumented) are needed only after the compile, for the source checks'
/// findings and the static mix's kernels: they run on a thread of their own
/// while nvcc compiles, on a core nvcc leaves idle, instead of before it,
/// at a lower priority than nvcc's (nice 10) where the cores are busy.
/// The wrapper waits for them before it prints anything, so no finding is
/// lost, and the destructor waits too, so no parse outlives the wrapper's
/// temporary files.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_NVCC_PARSESBESIDENVCC_H
#define HEADROOM_NVCC_PARSESBESIDENVCC_H

#include "nvcc/SourceInstrumenter.h"

#include <cstddef>
#include <optional>
#include <thread>
#include <vector>

namespace headroom::nvcc {

/// One parse to run beside nvcc.
struct ParseJob {
  /// The argument index of the source in the nvcc command.
  size_t Input = 0;
  InstrumentRequest Request;
  /// Instrument (and analyze) the source, to cache its outcome and to
  /// catch a launch; else analyze it only.
  bool Instrument = false;
};

/// What one job produced.
struct ParseResult {
  size_t Input = 0;
  /// Set for an Instrument job.
  std::optional<Expected<InstrumentOutcome>> Instrumented;
  /// Set for an analyze job.
  SourceAnalysis Analysis;
  /// How long the parse took.
  double Seconds = 0;
};

/// Runs jobs on one thread, in order; at most one batch at a time.
class ParsesBesideNvcc {
public:
  ParsesBesideNvcc() = default;
  ParsesBesideNvcc(const ParsesBesideNvcc &) = delete;
  ParsesBesideNvcc &operator=(const ParsesBesideNvcc &) = delete;
  /// Waits for the jobs still running; their results are dropped.
  ~ParsesBesideNvcc() = default;

  /// Starts \p Jobs on \p With (not owned; it must outlive the jobs);
  /// nothing when there are none.
  void start(SourceInstrumenter &With, std::vector<ParseJob> Jobs);
  /// Waits for the jobs started; their results in the order given (none
  /// when none were started).
  std::vector<ParseResult> finish();

private:
  std::vector<ParseJob> Jobs;
  std::vector<ParseResult> Results;
  /// Declared last: joined first on destruction, before what it writes.
  std::jthread Worker;
};

} // namespace headroom::nvcc

#endif // HEADROOM_NVCC_PARSESBESIDENVCC_H
