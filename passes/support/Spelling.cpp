//===- Spelling.cpp - "did you mean" for misspelt names -------------------===//

#include "support/Spelling.h"

#include <algorithm>
#include <utility>

namespace headroom {

std::size_t editDistance(std::string_view A, std::string_view B) {
  // Rows I-2, I-1 and I of the table of distances between prefixes.
  std::vector<std::size_t> Before(B.size() + 1), Last(B.size() + 1),
      Row(B.size() + 1);
  for (std::size_t J = 0; J <= B.size(); ++J)
    Last[J] = J;
  for (std::size_t I = 1; I <= A.size(); ++I) {
    Row[0] = I;
    for (std::size_t J = 1; J <= B.size(); ++J) {
      Row[J] = std::min({Last[J] + 1, Row[J - 1] + 1,
                         Last[J - 1] + (A[I - 1] == B[J - 1] ? 0 : 1)});
      if (I > 1 && J > 1 && A[I - 1] == B[J - 2] && A[I - 2] == B[J - 1])
        Row[J] = std::min(Row[J], Before[J - 2] + 1);
    }
    std::swap(Before, Last);
    std::swap(Last, Row);
  }
  return Last[B.size()];
}

std::size_t suggestionLimit(std::string_view Name) {
  return std::max<std::size_t>(1, Name.size() / 3);
}

std::optional<std::string>
closestSpelling(std::string_view Query,
                const std::vector<std::string> &Candidates) {
  std::optional<std::string> Best;
  std::size_t BestDistance = 0;
  for (const std::string &C : Candidates) {
    std::size_t D = editDistance(Query, C);
    if (D == 0)
      return std::nullopt;
    if (D > suggestionLimit(C) || (Best && D >= BestDistance))
      continue;
    Best = C;
    BestDistance = D;
  }
  return Best;
}

} // namespace headroom
