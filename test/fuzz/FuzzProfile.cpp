//===- FuzzProfile.cpp - Fuzzing the headroom.profile/1 reader and merge --===//
///
/// \file
/// Any text through the JSON parser and the profile reader; an accepted
/// profile must survive the writer and the reader again, and so must what
/// `headroom merge` makes of it merged with itself (merge writes no profile
/// that report refuses). Merging one profile keeps its warp-stall samples:
/// entries and instructions may be combined, but where every entry was
/// sampled at one period no sample is lost or made up.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "merge/ProfileMerger.h"
#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"
#include "support/JsonInput.h"

#include <set>

using namespace headroom;

namespace {

ProfileDocument reread(const ProfileDocument &P, ProfileKeyOrder Order,
                       const char *What) {
  Expected<nlohmann::json> Again = parseJson(profileText(P, Order));
  if (!Again)
    fuzz::fail(std::string(What) +
               " is not valid JSON: " + Again.error().message());
  Expected<ProfileDocument> Read = parseProfile(*Again);
  if (!Read)
    fuzz::fail(std::string(What) + " is refused: " + Read.error().message());
  return std::move(*Read);
}

/// The stall samples of all entries, held at 2^64 - 1; the periods seen.
std::uint64_t stallSamples(const ProfileDocument &P,
                           std::set<std::uint64_t> &Periods) {
  std::uint64_t Total = 0;
  for (const ProfileKernel &K : P.Kernels)
    if (K.Stalls) {
      Periods.insert(K.Stalls->Period);
      for (const StallSamplePc &Pc : K.Stalls->Pcs)
        for (const auto &[Reason, Count] : Pc.Stalls)
          Total = Count > UINT64_MAX - Total ? UINT64_MAX : Total + Count;
    }
  return Total;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::optional<ProfileDocument> P =
      fuzz::accept<ProfileDocument>(fuzz::text(Data, Size), parseProfile);
  if (!P)
    return 0;
  reread(*P, ProfileKeyOrder::Documented, "the written profile");

  merge::ProfileMerger Merger;
  Status Added = Merger.add(*P, "a.json");
  if (!Added)
    return fuzz::checkMessage(Added.error()), 0;
  ProfileDocument Merged = Merger.result();
  reread(Merged, ProfileKeyOrder::Merged, "the merged profile");
  std::set<std::uint64_t> Periods, MergedPeriods;
  std::uint64_t Before = stallSamples(*P, Periods);
  std::uint64_t After = stallSamples(Merged, MergedPeriods);
  if (Periods.size() <= 1 && Before <= MaxProfileCount && Before != After)
    fuzz::fail("merging changed the stall samples from " +
               std::to_string(Before) + " to " + std::to_string(After));
  return 0;
}
