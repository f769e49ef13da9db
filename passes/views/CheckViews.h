//===- CheckViews.h - The formats of `headroom check` -----------*- C++ -*-===//
///
/// \file
/// The document forms of what the source checks found: the headroom.check/1
/// JSON document (docs/cli.md), which `headroom lsp` reads, and SARIF 2.1.0
/// for code scanning, written by the one SARIF writer (views/Sarif.h) with
/// the source checks as its rules. The text form is clang's own printer,
/// which prints each finding as it is made (sourcechecks/CheckCommand.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_CHECKVIEWS_H
#define HEADROOM_VIEWS_CHECKVIEWS_H

#include "analysis/Diagnostic.h"
#include "schema/CheckDocument.h"
#include "views/View.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace headroom {

/// json and sarif, in that order.
const std::vector<const View<CheckDocument> *> &checkViews();

/// \p Doc as a headroom.check/1 document.
nlohmann::ordered_json checkToJson(const CheckDocument &Doc);

/// \p Doc's findings as diagnostics, each with the notes that follow it;
/// paths under \p SourceRoot are made relative to it.
std::vector<Diagnostic> checkDiagnostics(const CheckDocument &Doc,
                                         const std::string &SourceRoot);

} // namespace headroom

#endif // HEADROOM_VIEWS_CHECKVIEWS_H
