//===- DeviceViews.h - The formats of `headroom devices` --------*- C++ -*-===//
///
/// \file
/// The device files `--device` can name, as a text table or the
/// headroom.devices/1 JSON document.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_DEVICEVIEWS_H
#define HEADROOM_VIEWS_DEVICEVIEWS_H

#include "devices/DeviceRegistry.h"
#include "views/View.h"

#include <nlohmann/json.hpp>

#include <ostream>
#include <vector>

namespace headroom {

/// text and json, in that order.
const std::vector<const View<DeviceListing> *> &deviceViews();

/// \p L as a headroom.devices/1 document.
nlohmann::ordered_json devicesToJson(const DeviceListing &L);

/// The six thesis parameters of the spec-derived \p Derived beside the
/// calibrated \p Calibrated, with the error of each and the largest
/// (`headroom devices --from-spec NAME --compare DEVICE`).
void writeSpecComparison(std::ostream &OS, const DeviceParameters &Derived,
                         const DeviceParameters &Calibrated);

} // namespace headroom

#endif // HEADROOM_VIEWS_DEVICEVIEWS_H
