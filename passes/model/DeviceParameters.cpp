//===- DeviceParameters.cpp - A GPU's measured parameters -----------------===//

#include "model/DeviceParameters.h"

namespace headroom {

const std::array<DeviceParameterInfo, 6> &deviceParameterInfos() {
  static const std::array<DeviceParameterInfo, 6> Infos = {{
      {DeviceParameter::TSP, "T_SP", "GFLOP/s",
       "single-precision FMA throughput (2 operations per FMA)"},
      {DeviceParameter::TDP, "T_DP", "GFLOP/s",
       "double-precision FMA throughput (2 operations per FMA)"},
      {DeviceParameter::TInt, "T_int", "GIOP/s",
       "integer multiply-add throughput (2 operations per MAD)"},
      {DeviceParameter::TAdd, "T_add", "GIOP/s", "integer add throughput"},
      {DeviceParameter::TLdSt, "T_ldst", "GOP/s",
       "32-bit shared-memory load/store thread instruction throughput"},
      {DeviceParameter::BMem, "B_mem", "GB/s",
       "DRAM bandwidth (mean of read, write and copy)"},
  }};
  return Infos;
}

const DeviceParameterInfo &deviceParameterInfo(DeviceParameter P) {
  return deviceParameterInfos()[static_cast<std::size_t>(P)];
}

double DeviceParameters::value(DeviceParameter P) const {
  switch (P) {
  case DeviceParameter::TSP:
    return TSP;
  case DeviceParameter::TDP:
    return TDP;
  case DeviceParameter::TInt:
    return TInt;
  case DeviceParameter::TAdd:
    return TAdd;
  case DeviceParameter::TLdSt:
    return TLdSt;
  case DeviceParameter::BMem:
    return BMem;
  }
  return 0;
}

void DeviceParameters::setValue(DeviceParameter P, double V) {
  switch (P) {
  case DeviceParameter::TSP:
    TSP = V;
    break;
  case DeviceParameter::TDP:
    TDP = V;
    break;
  case DeviceParameter::TInt:
    TInt = V;
    break;
  case DeviceParameter::TAdd:
    TAdd = V;
    break;
  case DeviceParameter::TLdSt:
    TLdSt = V;
    break;
  case DeviceParameter::BMem:
    BMem = V;
    break;
  }
}

double DeviceWeights::op(KernelType T, bool OptimisticInt) const {
  switch (T) {
  case KernelType::Fp32:
    return OpFp32;
  case KernelType::Fp64:
    return OpFp64;
  case KernelType::Int:
    return OptimisticInt ? OpIntOptimistic : OpInt;
  }
  return OpFp32;
}

DeviceWeights computeWeights(const DeviceParameters &D) {
  DeviceWeights W;
  W.OpFp32 = D.TSP / D.TSP;
  W.OpFp64 = D.TSP / D.TDP;
  W.OpInt = D.TSP / D.TInt;
  W.OpIntOptimistic = D.TSP / D.TAdd;
  W.LdSt = (D.TSP / 2) / D.TLdSt;
  W.Other = (D.TSP / 2) / D.TAdd;
  return W;
}

double peakThroughput(const DeviceParameters &D, KernelType T,
                      bool OptimisticInt) {
  switch (T) {
  case KernelType::Fp32:
    return D.TSP;
  case KernelType::Fp64:
    return D.TDP;
  case KernelType::Int:
    return OptimisticInt ? D.TAdd : D.TInt;
  }
  return D.TSP;
}

std::string describeArchitecture(const DeviceParameters &D) {
  if (D.Vendor.empty())
    return D.Architecture;
  if (D.Architecture.empty())
    return D.Vendor;
  return D.Vendor + " " + D.Architecture;
}

} // namespace headroom
