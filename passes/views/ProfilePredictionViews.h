//===- ProfilePredictionViews.h - predict's formats for profiles -*- C++ -*-=//
///
/// \file
/// What `headroom predict --profile` (or `--ncu`) found, each kernel on
/// each device with the model that ran: a table per kernel, the
/// headroom.predictions/1 JSON document with each prediction's finding, or
/// CSV (docs/cli.md, docs/formats.md).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_PROFILEPREDICTIONVIEWS_H
#define HEADROOM_VIEWS_PROFILEPREDICTIONVIEWS_H

#include "analysis/ProfilePredictions.h"
#include "views/View.h"

#include <vector>

namespace headroom {

/// text, json and csv, in that order.
const std::vector<const View<ProfilePredictions> *> &profilePredictionViews();

} // namespace headroom

#endif // HEADROOM_VIEWS_PROFILEPREDICTIONVIEWS_H
