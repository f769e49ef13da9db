//===- DefaultMetrics.h - What the runtime collects by default --*- C++ -*-===//
///
/// \file
/// The runtime's choice of counters, as rows of the one metric catalog
/// (passes/schema/CounterCatalog.h): the metric names themselves live there.
/// Required: every input of the thesis model (docs/model.md, "Inputs"),
/// duration, L2 bytes and achieved occupancy, and the Hopper model's work
/// per unit.
/// Extras: collected when they fit in the replay passes the required metrics
/// need anyway (see MetricSelection.h).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_RUNTIME_DEFAULTMETRICS_H
#define HEADROOM_RUNTIME_DEFAULTMETRICS_H

#include <string>
#include <string_view>
#include <vector>

namespace headroom::rt {

/// The CUPTI names of the required default metrics, in catalog order.
std::vector<std::string> defaultRequiredMetrics();

/// The CUPTI names of the Hopper model's inputs beyond the thesis model's
/// (part of the required metrics).
std::vector<std::string> hopperModelMetrics();

/// The CUPTI names of the optional default metrics, most wanted first.
std::vector<std::string> defaultExtraMetrics();

/// Resolves a user-given metric name (catalog symbol such as "M_fma32",
/// nvprof name such as "inst_executed", or a CUPTI metric name) to the CUPTI
/// name. Names the catalog does not know are taken as CUPTI names.
std::string resolveMetricName(std::string_view Name);

} // namespace headroom::rt

#endif // HEADROOM_RUNTIME_DEFAULTMETRICS_H
