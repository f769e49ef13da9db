//===- Check.cpp - What every check is ------------------------------------===//

#include "checks/Check.h"

#include "support/Format.h"

namespace headroom {

std::string Threshold::text() const {
  switch (Unit) {
  case ThresholdUnit::Count:
    return formatGeneral(Value);
  case ThresholdUnit::Nanoseconds:
    return formatGeneral(Value / 1e3) + " us";
  case ThresholdUnit::Factor:
    return Value == 2 ? "twice" : formatGeneral(Value) + "x";
  case ThresholdUnit::Percent:
    return formatGeneral(Value) + "%";
  }
  return formatGeneral(Value);
}

bool ProjectionCheck::applies(const KernelReport &K) const {
  if (K.Finding)
    for (const TargetFinding &T : K.Finding->Targets)
      if (changes(*K.Finding, T))
        return true;
  return false;
}

} // namespace headroom
