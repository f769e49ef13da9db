//===- FuzzProfile.cpp - Fuzzing the headroom.profile/1 reader and merge --===//
///
/// \file
/// Any text through the JSON parser and the profile reader; an accepted
/// profile must survive the writer and the reader again, and so must what
/// `headroom merge` makes of it merged with itself (merge writes no profile
/// that report refuses).
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "merge/ProfileMerger.h"
#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"
#include "support/JsonInput.h"

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
  return 0;
}
