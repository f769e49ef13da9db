//===- LaunchKey.cpp - What distinguishes one kernel entry ----------------===//

#include "LaunchKey.h"

#include <functional>
#include <tuple>
#include <utility>

namespace headroom::rt {

namespace {
void mix(std::size_t &Seed, std::size_t Value) {
  Seed ^= Value + 0x9e3779b97f4a7c15ULL + (Seed << 6) + (Seed >> 2);
}
} // namespace

LaunchKey launchKey(Attribution Where, std::string Kernel, std::uint32_t Device,
                    Dim3 Grid, Dim3 Block, std::uint32_t DynamicSharedBytes) {
  LaunchKey Key;
  Key.Site = Where.Site;
  Key.Scope = Where.Site == NoSite ? Where.Scope : NoScope;
  Key.Kernel = std::move(Kernel);
  Key.Device = Device;
  Key.Grid = Grid;
  Key.Block = Block;
  Key.DynamicSharedBytes = DynamicSharedBytes;
  return Key;
}

std::size_t LaunchKeyHash::operator()(const LaunchKey &Key) const noexcept {
  std::size_t Seed = std::hash<std::string>{}(Key.Kernel);
  for (std::uint32_t V :
       {Key.Site, Key.Scope, Key.Device, Key.Grid.X, Key.Grid.Y, Key.Grid.Z,
        Key.Block.X, Key.Block.Y, Key.Block.Z, Key.DynamicSharedBytes})
    mix(Seed, V);
  return Seed;
}

bool launchKeyLess(const LaunchKey &A, const LaunchKey &B) {
  auto Tie = [](const LaunchKey &K) {
    return std::tie(K.Site, K.Scope, K.Kernel, K.Device, K.Grid.X, K.Grid.Y,
                    K.Grid.Z, K.Block.X, K.Block.Y, K.Block.Z,
                    K.DynamicSharedBytes);
  };
  return Tie(A) < Tie(B);
}

} // namespace headroom::rt
