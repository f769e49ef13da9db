//===- ValidationViews.h - What `headroom validate` prints ------*- C++ -*-===//
///
/// \file
/// The accuracy table of `headroom validate` as text (a terminal), Markdown
/// (docs/perf/accuracy.md is made of it) or JSON (every kernel's outcome,
/// headroom.validation/1).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_VALIDATIONVIEWS_H
#define HEADROOM_VIEWS_VALIDATIONVIEWS_H

#include "analysis/Validation.h"

#include "views/View.h"

#include <vector>

namespace headroom {

/// text, markdown and json, in that order. The text and Markdown views list
/// every kernel after the summary with ViewOptions::Detailed.
const std::vector<const View<ValidationResult> *> &validationViews();

} // namespace headroom

#endif // HEADROOM_VIEWS_VALIDATIONVIEWS_H
