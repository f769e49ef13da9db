//===- FittedModel.cpp - A linear model fitted per GPU --------------------===//

#include "model/FittedModel.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace headroom {

namespace {

/// The units' floors, the estimates and the launch count, in this order.
constexpr std::size_t NumFeatures = NumUnits + NumEstimates + 1;
constexpr std::size_t LaunchFeature = NumFeatures - 1;

std::array<double, NumFeatures> features(const HopperPrediction &P,
                                         std::uint64_t Launches) {
  std::array<double, NumFeatures> X{};
  for (const UnitTime &T : P.Times)
    X[static_cast<std::size_t>(T.Id)] = T.FloorMs;
  for (const EstimateTime &E : P.Estimates)
    X[NumUnits + static_cast<std::size_t>(E.Id)] = E.Ms;
  X[LaunchFeature] = double(Launches);
  return X;
}

/// The weights as one vector, in the order of features().
std::array<double, NumFeatures> weights(const FittedWeights &W) {
  std::array<double, NumFeatures> A{};
  std::copy(W.PerUnit.begin(), W.PerUnit.end(), A.begin());
  std::copy(W.PerEstimate.begin(), W.PerEstimate.end(), A.begin() + NumUnits);
  A[LaunchFeature] = W.PerLaunchMs;
  return A;
}

} // namespace

double predictFitted(const FittedWeights &W, const HopperPrediction &P,
                     std::uint64_t Launches) {
  std::array<double, NumFeatures> X = features(P, Launches);
  std::array<double, NumFeatures> A = weights(W);
  double Ms = A[LaunchFeature] * X[LaunchFeature];
  for (std::size_t I = 0; I < LaunchFeature; ++I)
    Ms += A[I] * X[I];
  return Ms;
}

FittedWeights fitWeights(std::span<const FitSample> Samples) {
  // Minimize sum_s ((x_s . a - y_s) / y_s)^2 subject to a >= 0, by cyclic
  // coordinate descent: each step solves one weight exactly.
  std::vector<std::array<double, NumFeatures>> X;
  std::vector<double> Y;
  for (const FitSample &S : Samples)
    if (S.MeasuredMs > 0) {
      X.push_back(features(S.Prediction, S.Launches));
      Y.push_back(S.MeasuredMs);
    }
  std::array<double, NumFeatures> A{};
  std::vector<double> Residual(Y); // y - X a, with a = 0
  for (int Sweep = 0; Sweep < 500; ++Sweep) {
    double Moved = 0;
    for (std::size_t J = 0; J < NumFeatures; ++J) {
      double Num = 0, Den = 0;
      for (std::size_t S = 0; S < X.size(); ++S) {
        double W = 1 / (Y[S] * Y[S]);
        Num += W * X[S][J] * (Residual[S] + A[J] * X[S][J]);
        Den += W * X[S][J] * X[S][J];
      }
      double Next = Den > 0 ? std::max(0.0, Num / Den) : 0;
      if (Next != A[J]) {
        for (std::size_t S = 0; S < X.size(); ++S)
          Residual[S] -= (Next - A[J]) * X[S][J];
        Moved = std::max(Moved, std::abs(Next - A[J]));
        A[J] = Next;
      }
    }
    if (Moved < 1e-12)
      break;
  }
  FittedWeights W;
  std::copy(A.begin(), A.begin() + NumUnits, W.PerUnit.begin());
  std::copy(A.begin() + NumUnits, A.begin() + NumUnits + NumEstimates,
            W.PerEstimate.begin());
  W.PerLaunchMs = A[LaunchFeature];
  return W;
}

} // namespace headroom
