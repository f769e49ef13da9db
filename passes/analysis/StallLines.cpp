//===- StallLines.cpp - A kernel's warp-stall samples per line ------------===//

#include "analysis/StallLines.h"

#include "schema/StallSamplesSum.h"
#include "support/InputFile.h"

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <tuple>

namespace headroom {

namespace {

/// Sum += V, held at 2^64 - 1 (the entries of one kernel hold at most 2^62
/// samples each, but a kernel may have many entries).
void addSamples(std::uint64_t &Sum, std::uint64_t V) {
  Sum = V > UINT64_MAX - Sum ? UINT64_MAX : Sum + V;
}

void addReasons(StallCounts &Sum, const StallCounts &Counts,
                std::uint64_t Period, std::uint64_t Shortest) {
  for (const auto &[Reason, Count] : Counts)
    addSamples(Sum[Reason], samplesAtPeriod(Count, Period, Shortest));
}

std::uint64_t total(const StallCounts &Counts) {
  std::uint64_t N = 0;
  for (const auto &[Reason, Count] : Counts)
    addSamples(N, Count);
  return N;
}

} // namespace

std::string dominantReason(const StallCounts &Counts) {
  std::string Best;
  std::uint64_t Most = 0;
  for (const auto &[Reason, Count] : Counts)
    if (Reason != IssuingReason && Count > Most) {
      Best = Reason;
      Most = Count;
    }
  if (Best.empty()) {
    auto Issuing = Counts.find(IssuingReason);
    if (Issuing != Counts.end() && Issuing->second > 0)
      Best = IssuingReason;
  }
  return Best;
}

const StallLine *StallLines::lineOf(const std::string &Reason) const {
  const StallLine *Best = nullptr;
  std::uint64_t Most = 0;
  for (const StallLine &L : Lines) {
    auto It = L.Reasons.find(Reason);
    if (It != L.Reasons.end() && It->second > Most) {
      Best = &L;
      Most = It->second;
    }
  }
  return Best;
}

std::optional<double> residentSms(std::span<const ProfileKernel *const> Entries,
                                  double ClockHz) {
  double Samples = 0, PerSm = 0;
  for (const ProfileKernel *K : Entries) {
    if (!K->Stalls || K->Stalls->Period == 0 || K->Stalls->Launches == 0)
      continue;
    std::uint64_t Timed = K->timedLaunches();
    double LaunchNs = K->MedianNs ? double(*K->MedianNs)
                      : Timed > 0 ? double(K->TotalNs) / double(Timed)
                                  : 0;
    if (LaunchNs <= 0)
      continue;
    for (const StallSamplePc &Pc : K->Stalls->Pcs)
      Samples += double(total(Pc.Stalls));
    PerSm += double(K->Stalls->Launches) * LaunchNs * 1e-9 * ClockHz /
             double(K->Stalls->Period);
  }
  if (PerSm <= 0)
    return std::nullopt;
  return Samples / PerSm;
}

std::optional<StallLines>
stallLines(std::span<const ProfileKernel *const> Entries) {
  StallLines Out;
  for (const ProfileKernel *K : Entries)
    if (K->Stalls && K->Stalls->Period > 0 &&
        (Out.Period == 0 || K->Stalls->Period < Out.Period))
      Out.Period = K->Stalls->Period;
  using LineKey = std::tuple<std::string, unsigned, std::string>;
  std::map<LineKey, StallLine> ByLine;
  StallLine Unresolved;
  std::map<std::pair<std::string, std::uint64_t>, StallPc> ByPc;
  for (const ProfileKernel *K : Entries) {
    if (!K->Stalls)
      continue;
    const StallSamples &S = *K->Stalls;
    addSamples(Out.Launches, S.Launches);
    addSamples(Out.Dropped, samplesAtPeriod(S.Dropped, S.Period, Out.Period));
    for (const StallSamplePc &Pc : S.Pcs) {
      StallLine &L = Pc.Where.File.empty()
                         ? Unresolved
                         : ByLine[{Pc.Where.File, Pc.Where.Line, Pc.Directory}];
      L.Where = {Pc.Where.File, Pc.Where.Line, 0};
      L.Directory = Pc.Directory;
      addReasons(L.Reasons, Pc.Stalls, S.Period, Out.Period);
      addReasons(Out.Reasons, Pc.Stalls, S.Period, Out.Period);
      StallPc &At = ByPc[{Pc.Function, Pc.Offset}];
      At.Function = Pc.Function;
      At.Offset = Pc.Offset;
      // An instruction has one line; an entry that could not resolve it
      // does not undo another's.
      if (!Pc.Where.File.empty()) {
        At.Where = {Pc.Where.File, Pc.Where.Line, 0};
        At.Directory = Pc.Directory;
      }
      addReasons(At.Reasons, Pc.Stalls, S.Period, Out.Period);
    }
  }
  Out.Samples = total(Out.Reasons);
  if (Out.Samples == 0)
    return std::nullopt;
  auto Finish = [&](StallLine &L) {
    L.Samples = total(L.Reasons);
    L.Share = double(L.Samples) / double(Out.Samples);
    L.Dominant = dominantReason(L.Reasons);
  };
  for (auto &[Key, L] : ByLine) {
    Finish(L);
    if (L.Samples > 0)
      Out.Lines.push_back(std::move(L));
  }
  // Most samples first; ByLine gave them in order of file and line.
  std::stable_sort(Out.Lines.begin(), Out.Lines.end(),
                   [](const StallLine &A, const StallLine &B) {
                     return A.Samples > B.Samples;
                   });
  for (auto &[Key, Pc] : ByPc)
    Out.Pcs.push_back(std::move(Pc));
  Finish(Unresolved);
  if (Unresolved.Samples > 0)
    Out.Unresolved = std::move(Unresolved);
  Out.Dominant = dominantReason(Out.Reasons);
  for (std::size_t I = 0; I < Out.Lines.size() && Out.Hot.size() < MaxHotLines;
       ++I)
    if (Out.Lines[I].Share >= HotLineShare)
      Out.Hot.push_back(I);
  return Out;
}

void placeHotLines(StallLines &S, const std::string &Root) {
  std::map<std::string, std::optional<std::vector<std::string>>> Files;
  for (std::size_t I : S.Hot) {
    SourceLocation &Where = S.Lines[I].Where;
    std::filesystem::path Path(Where.File);
    if (!Path.is_absolute() && !Root.empty())
      Path = std::filesystem::path(Root) / Path;
    auto [It, New] = Files.try_emplace(Path.string());
    if (New)
      if (Expected<std::string> Text =
              readInputFile(Path.string(), MaxTextFileBytes)) {
        std::vector<std::string> Lines;
        std::istringstream In(*Text);
        for (std::string Line; std::getline(In, Line);)
          Lines.push_back(Line);
        It->second = std::move(Lines);
      }
    if (!It->second || Where.Line == 0 || Where.Line > It->second->size())
      continue;
    const std::string &Line = (*It->second)[Where.Line - 1];
    std::size_t First = Line.find_first_not_of(" \t\r\f\v");
    if (First != std::string::npos)
      Where.Column = unsigned(First + 1);
  }
}

} // namespace headroom
