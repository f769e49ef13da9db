//===- RoundDevice.h - A device with round unit rates -----------*- C++ -*-===//
///
/// \file
/// A device of 2 SMs at 1 GHz whose every pipe and memory level has a round
/// rate, so that the Hopper model tests' expected times are easy to write
/// down.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_MODEL_ROUNDDEVICE_H
#define HEADROOM_TEST_UNIT_MODEL_ROUNDDEVICE_H

#include "model/DeviceParameters.h"

namespace headroom::test {

inline void addMeasurement(DeviceParameters &D, const char *Name, double Value,
                           const char *Unit) {
  Measurement M;
  M.Name = Name;
  M.Value = Value;
  M.Unit = Unit;
  D.Measurements.push_back(M);
}

inline DeviceParameters roundDevice() {
  DeviceParameters D;
  D.Name = "round";
  D.Identity.SmCount = 2;
  auto add = [&](const char *Name, double Value, const char *Unit) {
    addMeasurement(D, Name, Value, Unit);
  };
  add("sm_clock_under_load", 1000, "MHz");
  // Warp instructions per second x 32 threads (x 2 operations for FMAs).
  add("fp32_fma", 8 * 64, "GFLOP/s");  // 8 G/s: 1 per scheduler-clock
  add("int32_mad", 4 * 64, "GIOP/s");  // 4 G/s
  add("int32_lop3", 8 * 32, "GIOP/s"); // 8 G/s
  add("fp64_fma", 4 * 64, "GFLOP/s");  // 4 G/s
  add("sfu_rsqrt", 32, "GOP/s");       // 1 G/s
  add("shared_ldst32", 64, "GOP/s");   // 2 G wavefronts/s: 1 per SM-clock
  add("l1_read", 256, "GB/s");
  add("l2_read", 100, "GB/s");
  add("l2_requests", 2, "G requests/s");
  add("dram_read", 40, "GB/s");
  add("dram_write", 40, "GB/s");
  add("dram_copy", 20, "GB/s");
  return D;
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_MODEL_ROUNDDEVICE_H
