//===- SchemaTags.h - The schema tag of every Headroom format ---*- C++ -*-===//
///
/// \file
/// Every file Headroom reads or writes is JSON with a `"schema":
/// "headroom.<kind>/<n>"` field (docs/formats.md). The tags are spelled here
/// and nowhere else, so that a reader and the writer of one format cannot
/// disagree on its name or version.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_SCHEMATAGS_H
#define HEADROOM_SCHEMA_SCHEMATAGS_H

namespace headroom {

/// What an instrumented program measured (libheadroom_rt, `headroom merge`).
inline constexpr const char *ProfileSchema = "headroom.profile/1";
/// One GPU's measured parameters (`headroom calibrate`, the shipped files).
inline constexpr const char *DeviceSchema = "headroom.device/1";
/// Kernels' counters or parameters, the input of `headroom predict`.
inline constexpr const char *CountersSchema = "headroom.counters/1";
/// `headroom predict --format json`.
inline constexpr const char *PredictionsSchema = "headroom.predictions/1";
/// `headroom report --format json`.
inline constexpr const char *ReportSchema = "headroom.report/1";
/// `headroom lint --format json`.
inline constexpr const char *LintSchema = "headroom.lint/1";
/// `headroom lint --write-baseline`, read by `--baseline`.
inline constexpr const char *BaselineSchema = "headroom.baseline/1";
/// `headroom devices --format json`.
inline constexpr const char *DevicesSchema = "headroom.devices/1";
/// `headroom validate --format json`: the models scored on a recording.
inline constexpr const char *ValidationSchema = "headroom.validation/1";
/// `headroom validate --advice --format json`.
inline constexpr const char *AdviceValidationSchema =
    "headroom.advice-validation/1";
/// `headroom check --format json`: the source checks' findings.
inline constexpr const char *CheckSchema = "headroom.check/1";

} // namespace headroom

#endif // HEADROOM_SCHEMA_SCHEMATAGS_H
