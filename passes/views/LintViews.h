//===- LintViews.h - The formats of `headroom lint` -------------*- C++ -*-===//
///
/// \file
/// What the lint gate found, as text diagnostics followed by the summary
/// line, the headroom.lint/1 JSON document (docs/lint.md), or SARIF 2.1.0.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_LINTVIEWS_H
#define HEADROOM_VIEWS_LINTVIEWS_H

#include "checks/Lint.h"
#include "views/View.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace headroom {

/// text, json and sarif, in that order.
const std::vector<const View<LintReport> *> &lintViews();

/// \p R as a headroom.lint/1 document.
nlohmann::ordered_json lintToJson(const LintReport &R);

} // namespace headroom

#endif // HEADROOM_VIEWS_LINTVIEWS_H
