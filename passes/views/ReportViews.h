//===- ReportViews.h - The formats of `headroom report` ---------*- C++ -*-===//
///
/// \file
/// A diagnosed analysis as compiler-style text diagnostics, the
/// headroom.report/1 JSON document, SARIF 2.1.0, a CSV table, or one HTML
/// page with the roofline and quadrant-split charts.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_REPORTVIEWS_H
#define HEADROOM_VIEWS_REPORTVIEWS_H

#include "analysis/Analysis.h"
#include "views/View.h"

#include <vector>

namespace headroom {

/// text, json, sarif, csv and html, in that order.
const std::vector<const View<Analysis> *> &reportViews();

} // namespace headroom

#endif // HEADROOM_VIEWS_REPORTVIEWS_H
