//===- ReportJson.h - headroom.report/1 -------------------------*- C++ -*-===//
///
/// \file
/// The machine-readable form of `headroom report --format json`: the
/// profile, the device and targets, one object per kernel (its finding,
/// views/FindingJson.h; its sites; the checks that apply) and the
/// diagnostics exactly as the text view prints them. docs/formats.md
/// documents the schema.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_REPORTJSON_H
#define HEADROOM_VIEWS_REPORTJSON_H

#include "analysis/Analysis.h"
#include "schema/SchemaTags.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <ostream>

namespace headroom {

/// A source location as {"file", "line", "column"}, or null.
nlohmann::ordered_json locationToJson(const std::optional<SourceLocation> &L);

/// One diagnostic (with its notes) as JSON.
nlohmann::ordered_json diagnosticToJson(const Diagnostic &D);

/// The whole report as a `headroom.report/1` document.
nlohmann::ordered_json reportToJson(const Analysis &A);

/// Writes reportToJson(A) to \p OS, indented by 2, without holding the
/// whole document in memory: the kernels and diagnostics are written one at
/// a time (what keeps 10,000 kernels under a second).
void writeReportJson(std::ostream &OS, const Analysis &A);

/// Writes \p Doc indented by 2, except that the arrays named in
/// \p Streamed (top-level keys, left empty in Doc) are written element by
/// element from \p Element(key, index) while Element returns a value.
void writeJsonStreaming(
    std::ostream &OS, const nlohmann::ordered_json &Doc,
    const std::function<std::optional<nlohmann::ordered_json>(
        const std::string &, std::size_t)> &Element,
    int Depth = 0);

} // namespace headroom

#endif // HEADROOM_VIEWS_REPORTJSON_H
