//===- L2WriteRequests.cpp - Writes at the L2's write rate ----------------===//

#include "model/refinements/L2WriteRequests.h"

#include "model/HopperEvidence.h"
#include "model/HopperModel.h"

#include <algorithm>

namespace headroom {

double leastWriteRequests(double Requests, double Sectors,
                          double WriteSectors) {
  double OtherSectors = std::max(0.0, Sectors - WriteSectors);
  double Most = std::max(0.0, std::min(Requests, WriteSectors));
  return std::clamp(Requests - OtherSectors, 0.0, Most);
}

double l2RequestSeconds(const UnitRates &R, double Requests,
                        double WriteRequests, std::optional<double> WriteRate) {
  std::optional<double> ReadRate = R.rate(Unit::L2Requests);
  if (!ReadRate || *ReadRate <= 0 || Requests <= 0)
    return 0;
  double Writes = std::clamp(WriteRequests, 0.0, Requests);
  double Write = WriteRate && *WriteRate > 0 ? *WriteRate : *ReadRate;
  return (Requests - Writes) / *ReadRate + Writes / Write;
}

namespace {

constexpr Counter Counters[] = {Counter::L2Requests, Counter::L2Bytes,
                                Counter::L2SectorsWrite};
constexpr std::string_view DeviceFields[] = {"l2_write_requests_full_counted",
                                             "l2_write_requests_counted"};

constexpr RefinementInfo Info{RefinementId::L2WriteRequests,
                              "l2_write_requests", "L2 write requests",
                              Counters, DeviceFields};

/// The fewest write requests of \p G's launches; 0 without the counters.
double writeRequests(const LaunchGroup &G) {
  std::optional<double> Requests = G.total(Counter::L2Requests);
  std::optional<double> Bytes = G.total(Counter::L2Bytes);
  std::optional<double> WriteSectors = G.total(Counter::L2SectorsWrite);
  if (!Requests || !Bytes || !WriteSectors)
    return 0;
  return leastWriteRequests(*Requests, *Bytes / SectorBytes, *WriteSectors);
}

class L2WriteRequests : public Refinement {
public:
  constexpr L2WriteRequests() : Refinement(Info) {}

  bool apply(GroupTimes &T, HopperEvidence &E) const override {
    auto I = static_cast<std::size_t>(Unit::L2Requests);
    std::optional<double> Amount = T.Group.Work.amount(Unit::L2Requests);
    if (!T.Units[I] || !Amount || *Amount <= 0)
      return false;
    const UnitRates &R = T.Rates;
    double Writes = writeRequests(T.Group);
    // The bound: writes at the full-sector rate, the fastest.
    double PerSecond =
        *Amount / l2RequestSeconds(R, *Amount, Writes, R.L2WriteRequests);
    T.Units[I] = unitTimeAt(Unit::L2Requests, *Amount, PerSecond, R, T.Share);
    T.ExpectedMs[I] = T.Units[I]->FloorMs;
    // The estimates: at the partial-sector rate, the usual case.
    if (T.ExpectedMs[I] > 0)
      T.ExpectedMs[I] =
          l2RequestSeconds(R, *Amount, Writes, R.L2PartialWriteRequests) * 1e3;
    E.L2Writes.Requests += *Amount;
    E.L2Writes.WriteRequests += Writes;
    return Writes > 0 && (R.L2WriteRequests || R.L2PartialWriteRequests);
  }
};

} // namespace

const Refinement &l2WriteRequests() {
  static const L2WriteRequests Instance;
  return Instance;
}

} // namespace headroom
