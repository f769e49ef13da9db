//===- AdviceValidationViews.h - validate --advice's table ------*- C++ -*-===//
///
/// \file
/// What `headroom validate --advice` prints: each pair's estimated speedup
/// against the measured one, and the scores, as text (a terminal), Markdown
/// (docs/perf/advice.md is made of it) or JSON
/// (headroom.advice-validation/1).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_ADVICEVALIDATIONVIEWS_H
#define HEADROOM_VIEWS_ADVICEVALIDATIONVIEWS_H

#include "analysis/AdviceValidation.h"

#include "views/View.h"

#include <vector>

namespace headroom {

/// text, markdown and json, in that order.
const std::vector<const View<AdviceValidation> *> &adviceValidationViews();

} // namespace headroom

#endif // HEADROOM_VIEWS_ADVICEVALIDATIONVIEWS_H
