//===- Charts.h - Roofline and quadrant-split geometry ----------*- C++ -*-===//
///
/// \file
/// The two pictures of thesis chapter 3 as plain data, for a renderer (SVG,
/// HTML) to draw without knowing the model:
///
/// - the roofline chart: one device, many kernels. x is operational
///   intensity (ops/byte), y is throughput (Gop/s). The memory roof has slope
///   B_mem; each kernel has its own compute ceiling T'_op (the device's peak
///   reduced by the kernel's E_mix and E_instr) meeting the memory roof at
///   the ridge point O_dev. The kernel sits at (O_krn, T_predicted), and at
///   (O_krn, achieved) when its time was measured.
/// - the quadrant-split chart: one kernel, many devices. x is bandwidth
///   (GB/s), y is compute throughput (Gop/s). Each device is the point
///   (B_mem, T'_op); the kernel is the half-line y = O_krn x from the origin.
///   A device on or above the line is memory-bound for the kernel; its
///   attainable point is straight below it on the line (B_mem, O_krn B_mem).
///   A device below is compute-bound; its attainable point is straight left
///   of it on the line (T'_op / O_krn, T'_op).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_CHARTS_H
#define HEADROOM_VIEWS_CHARTS_H

#include "model/DeviceParameters.h"
#include "model/Prediction.h"

#include <optional>
#include <string>
#include <vector>

namespace headroom {

/// A horizontal line of the roofline chart.
struct RooflineCeiling {
  /// "T_SP", "T_DP", "T_int" or "T_add": the device's raw peaks.
  std::string Label;
  double Gops = 0;
  /// Where it meets the memory roof: Gops / B_mem.
  double Ridge = 0;
};

/// One kernel on the roofline chart of one device.
struct RooflineKernel {
  std::string Kernel;
  /// The kernel's compute ceiling T'_op and its ridge point O_dev.
  double Ceiling = 0, Ridge = 0;
  /// O_krn (+inf when the kernel has no DRAM traffic: draw it at the right
  /// edge) and T_predicted.
  double Intensity = 0, Attainable = 0;
  Bound Limit = Bound::Memory;
  /// W_comp / measured time, when measured.
  std::optional<double> Achieved;
};

/// The roofline chart of one device.
struct RooflineChart {
  std::string Device;
  /// The slope of the memory roof, GB/s.
  double Bandwidth = 0;
  /// The raw peaks, highest first.
  std::vector<RooflineCeiling> Peaks;
  std::vector<RooflineKernel> Kernels;

  /// The roof under ceiling \p Ceiling at intensity \p Intensity:
  /// min(Ceiling, Intensity x Bandwidth).
  double roof(double Intensity, double Ceiling) const;
};

/// Builds the roofline of device \p D from predictions on it (any kernels;
/// predictions for other devices are skipped).
RooflineChart makeRoofline(const DeviceParameters &D,
                           const std::vector<Prediction> &Predictions);

/// One device on a quadrant-split chart.
struct QuadrantDevice {
  std::string Device;
  /// The device point: (B_mem, T'_op for this kernel).
  double Bandwidth = 0, Compute = 0;
  /// True when the point is on or above the kernel's half-line, i.e. the
  /// kernel is memory-bound on the device (O_krn <= O_dev).
  bool OnOrAboveLine = false;
  /// Where the dashed line from the device point meets the half-line: the
  /// attainable point (bandwidth used, T_predicted).
  double AttainableBandwidth = 0, AttainableCompute = 0;
};

/// The quadrant-split chart of one kernel.
struct QuadrantSplitChart {
  std::string Kernel;
  /// The half-line's slope O_krn; +inf (a vertical line) when the kernel
  /// has no DRAM traffic.
  double Slope = 0;
  std::vector<QuadrantDevice> Devices;
};

/// Builds the quadrant split of kernel \p Kernel from its predictions on
/// several devices (predictions of other kernels are skipped).
QuadrantSplitChart
makeQuadrantSplit(const std::string &Kernel,
                  const std::vector<Prediction> &Predictions);

} // namespace headroom

#endif // HEADROOM_VIEWS_CHARTS_H
