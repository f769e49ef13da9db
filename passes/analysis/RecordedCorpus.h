//===- RecordedCorpus.h - The validation corpus' ground truth ---*- C++ -*-===//
///
/// \file
/// What test/validation/run-gpu.sh recorded for one GPU and
/// test/validation/import.py laid out (test/validation/recorded/README.md):
/// the cases, each case's Headroom profile, and Nsight Compute's metrics of
/// the first launches of each case's checked run (with caches flushed, and
/// where recorded, in the cache state the program left). `headroom
/// validate` runs the models on it without a GPU.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_RECORDEDCORPUS_H
#define HEADROOM_ANALYSIS_RECORDEDCORPUS_H

#include "schema/ProfileDocument.h"
#include "support/Error.h"

#include <map>
#include <string>
#include <vector>

namespace headroom {

/// One launch profiled by Nsight Compute.
struct NcuLaunch {
  /// The demangled name Nsight Compute printed, with its arguments.
  std::string Kernel;
  /// "(x, y, z)" as Nsight Compute prints them.
  std::string Grid, Block;
  /// Metric values by name (CUPTI names, base units); absent when the
  /// launch had none.
  std::map<std::string, double> Metrics;

  std::optional<double> metric(const std::string &Name) const;
};

/// One case of the corpus.
struct RecordedCase {
  /// ExpectedLimit: what the case's author expected to limit it (recorded,
  /// never scored).
  std::string Name, Family, ExpectedLimit, Description;
  /// The case's check passed on the GPU.
  bool Passed = false;
  ProfileDocument Profile;
  /// Nsight Compute's launches with caches flushed (its default), and, where
  /// ncu-warm.json exists, the same launches in the cache state the program
  /// left (as the Headroom runtime samples them).
  std::vector<NcuLaunch> Ncu, NcuWarm;
};

/// A recorded GPU: every case, by name.
struct RecordedCorpus {
  std::string Dir;
  std::vector<RecordedCase> Cases;

  const RecordedCase *find(const std::string &Name) const;
};

/// Reads \p Dir (cases.json, profiles/, ncu.json, ncu-warm.json if there);
/// errors name the file and the field.
Expected<RecordedCorpus> readRecordedCorpus(const std::string &Dir);

/// The kernel's own name from a demangled signature: no return type,
/// namespaces, template arguments or parameters ("copyKernel" from "void
/// (anonymous namespace)::copyKernel<float>(float const*, float*,
/// unsigned long)").
std::string kernelBaseName(const std::string &Demangled);

/// The launches of \p Launches (a case's Nsight Compute launches) that ran
/// the profile entry \p K: by kernel name, and by grid where several
/// launches of the name differ.
std::vector<const NcuLaunch *>
ncuLaunchesOf(const std::vector<NcuLaunch> &Launches, const ProfileKernel &K);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_RECORDEDCORPUS_H
