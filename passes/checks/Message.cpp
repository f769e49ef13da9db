//===- Message.cpp - Diagnostics from one table of templates --------------===//

#include "checks/Message.h"

#include "support/Format.h"
#include "support/KernelNames.h"
#include "support/Quantities.h"

#include <array>
#include <cmath>
#include <vector>

namespace headroom {

namespace {

constexpr std::array Templates = {
#define HEADROOM_MESSAGE(Id, Text) std::string_view(Text),
#include "checks/Messages.def"
};

} // namespace

Arg Arg::kernel(std::string_view Name) { return quoted(shortKernelName(Name)); }
Arg Arg::times(double Ratio) { return Arg(formatTimes(Ratio)); }
Arg Arg::time(double Ms) { return Arg(formatTime(Ms)); }
Arg Arg::percent(double Fraction, int Significant) {
  return Arg(formatPercent(Fraction, Significant));
}
Arg Arg::count(double N) { return Arg(formatFixed(N, 0)); }
Arg Arg::counted(double N, std::string_view One, std::string_view Many) {
  return Arg(formatFixed(N, 0) + " " +
             std::string(std::llround(N) == 1 ? One : Many));
}
Arg Arg::number(double V, int Digits) {
  return Arg(formatSignificant(V, Digits));
}
Arg Arg::bytes(double B) { return Arg(formatBytes(B)); }

std::string_view messageTemplate(Msg Id) {
  return Templates[static_cast<std::size_t>(Id)];
}

std::string message(Msg Id, std::initializer_list<Arg> Args) {
  std::vector<const Arg *> By(Args.size());
  std::size_t I = 0;
  for (const Arg &A : Args)
    By[I++] = &A;
  std::string_view T = messageTemplate(Id);
  std::string Out;
  for (std::size_t P = 0; P < T.size(); ++P) {
    auto IsDigit = [&](std::size_t At) {
      return At < T.size() && T[At] >= '0' && T[At] <= '9';
    };
    if (T[P] == '%' && IsDigit(P + 1)) {
      std::size_t N = 0;
      while (IsDigit(P + 1))
        N = 10 * N + std::size_t(T[++P] - '0');
      if (N < By.size())
        Out += By[N]->str();
      continue;
    }
    Out += T[P];
  }
  return Out;
}

} // namespace headroom
