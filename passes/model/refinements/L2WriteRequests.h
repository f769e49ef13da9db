//===- L2WriteRequests.h - Writes at the L2's write rate --------*- C++ -*-===//
///
/// \file
/// The L2 serves write requests more slowly than reads, and the counters do
/// not count them apart: each request carries at least one sector, so at
/// least requests - (sectors - write sectors) of them are writes. The L2
/// request unit's floor takes those at the rate of full-sector writes, the
/// fastest a write is served (`l2_write_requests_full_counted`); the
/// estimates take them at the rate of partial-sector writes, the usual
/// scattered store (`l2_write_requests_counted`). Both rates count requests
/// as `lts__t_requests` does (docs/model.md, "L2 write requests").
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_MODEL_REFINEMENTS_L2WRITEREQUESTS_H
#define HEADROOM_MODEL_REFINEMENTS_L2WRITEREQUESTS_H

#include "model/Refinement.h"

#include <optional>

namespace headroom {

/// What the refinement saw, over the launch groups. A value type.
struct L2WriteEvidence {
  /// L2 requests, and the fewest of them that are writes.
  double Requests = 0, WriteRequests = 0;
};

/// The fewest of \p Requests that are writes, given the L2's \p Sectors
/// (read and written) and \p WriteSectors: each request carries at least
/// one sector.
double leastWriteRequests(double Requests, double Sectors, double WriteSectors);

/// Seconds the L2 of a device with rates \p R takes for \p Requests of
/// which \p WriteRequests are writes served at \p WriteRate (the request
/// unit's rate when nullopt) and the rest at the request unit's rate; 0
/// without that rate or without requests.
double l2RequestSeconds(const UnitRates &R, double Requests,
                        double WriteRequests, std::optional<double> WriteRate);

const Refinement &l2WriteRequests();

} // namespace headroom

#endif // HEADROOM_MODEL_REFINEMENTS_L2WRITEREQUESTS_H
