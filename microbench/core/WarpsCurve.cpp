//===- WarpsCurve.cpp - A rate against resident warps per SM --------------===//

#include "core/WarpsCurve.h"

#include <algorithm>
#include <utility>

namespace headroom::microbench {

Measurement measureWarpsCurve(std::string Name,
                              const std::function<double(int Warps)> &RateAt,
                              std::string Method) {
  Measurement M;
  M.Name = std::move(Name);
  M.Unit = "warps/SM";
  double Best = 0;
  for (int Warps : CurveWarpsPerSm) {
    double Rate = RateAt(Warps);
    M.Points.push_back({static_cast<double>(Warps), Rate});
    Best = std::max(Best, Rate);
  }
  M.Value = M.Points.back().first;
  for (const auto &[W, Rate] : M.Points)
    if (Rate >= CurveKneeFraction * Best) {
      M.Value = W;
      break;
    }
  M.Method = std::move(Method);
  return M;
}

} // namespace headroom::microbench
