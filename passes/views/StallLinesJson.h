//===- StallLinesJson.h - A kernel's stall samples as JSON ------*- C++ -*-===//
///
/// \file
/// The one JSON form of a kernel's warp-stall samples by line
/// (analysis/StallLines.h), which the report's JSON gives each kernel and
/// SARIF each kernel's result (its `properties`): the kernel's samples per
/// reason and its dominant reason, every line with its samples, share,
/// reasons and dominant reason, the hot lines, and the unresolved samples.
/// Reasons are CUPTI's names, as the profile has them. docs/formats.md
/// documents it.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_STALLLINESJSON_H
#define HEADROOM_VIEWS_STALLLINESJSON_H

#include "analysis/StallLines.h"

#include <nlohmann/json.hpp>

namespace headroom {

nlohmann::ordered_json stallLinesToJson(const StallLines &S);

} // namespace headroom

#endif // HEADROOM_VIEWS_STALLLINESJSON_H
