//===- DeviceIdentity.cpp - Which GPU a profile entry ran on --------------===//

#include "DeviceIdentity.h"

namespace headroom::rt {

std::string formatGpuUuid(const std::array<unsigned char, 16> &Bytes) {
  static const char Hex[] = "0123456789abcdef";
  std::string Out = "GPU-";
  for (std::size_t I = 0; I < Bytes.size(); ++I) {
    if (I == 4 || I == 6 || I == 8 || I == 10)
      Out.push_back('-');
    Out.push_back(Hex[Bytes[I] >> 4]);
    Out.push_back(Hex[Bytes[I] & 0xF]);
  }
  return Out;
}

} // namespace headroom::rt
