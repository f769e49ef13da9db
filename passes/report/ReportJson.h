//===- ReportJson.h - headroom.report/1 -------------------------*- C++ -*-===//
///
/// \file
/// The machine-readable form of `headroom report --format json`: the
/// profile, the device and targets, one object per kernel (prediction,
/// per-component times, projections, sites, the checks that apply) and the
/// diagnostics exactly as the text view prints them. docs/formats.md
/// documents the schema.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_REPORT_REPORTJSON_H
#define HEADROOM_REPORT_REPORTJSON_H

#include "report/Analysis.h"

#include <nlohmann/json.hpp>

namespace headroom {

inline constexpr const char *ReportSchema = "headroom.report/1";

/// A source location as {"file", "line", "column"}, or null.
nlohmann::ordered_json locationToJson(const std::optional<SourceLocation> &L);

/// One diagnostic (with its notes) as JSON.
nlohmann::ordered_json diagnosticToJson(const Diagnostic &D);

/// The whole report as a `headroom.report/1` document.
nlohmann::ordered_json reportToJson(const Analysis &A);

} // namespace headroom

#endif // HEADROOM_REPORT_REPORTJSON_H
