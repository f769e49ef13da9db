//===- PredictionViews.h - The formats of `headroom predict` ----*- C++ -*-===//
///
/// \file
/// A prediction set as the text tables of docs/cli.md, the
/// headroom.predictions/1 JSON document, or CSV.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_PREDICTIONVIEWS_H
#define HEADROOM_VIEWS_PREDICTIONVIEWS_H

#include "analysis/PredictionSet.h"
#include "views/View.h"

#include <vector>

namespace headroom {

/// text, json and csv, in that order.
const std::vector<const View<PredictionSet> *> &predictionViews();

} // namespace headroom

#endif // HEADROOM_VIEWS_PREDICTIONVIEWS_H
