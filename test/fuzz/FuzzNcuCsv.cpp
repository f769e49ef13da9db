//===- FuzzNcuCsv.cpp - Fuzzing headroom import's readers -----------------===//
///
/// \file
/// Any text through the readers of Nsight Compute's raw and source pages
/// (headroom import); a raw page they accept makes a profile that the
/// profile reader accepts, as `headroom report` reads it.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "import/NcuRawPage.h"
#include "import/NcuSourcePage.h"
#include "import/ProfileBuilder.h"
#include "schema/ProfileReader.h"
#include "schema/ProfileWriter.h"
#include "support/JsonInput.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string_view Text = fuzz::text(Data, Size);
  if (Expected<ncu::KernelSource> Page = ncu::readSourcePage(Text); !Page)
    fuzz::checkMessage(Page.error());
  Expected<ncu::NcuRawPage> Raw = ncu::readRawPage(Text);
  if (!Raw)
    return fuzz::checkMessage(Raw.error()), 0;
  Expected<ncu::ImportedProfile> Imported =
      ncu::buildProfile(*Raw, {}, {"", "raw.csv"});
  if (!Imported)
    return fuzz::checkMessage(Imported.error()), 0;
  Expected<nlohmann::json> Json = parseJson(profileText(Imported->Profile));
  if (!Json)
    fuzz::fail("the imported profile is not JSON: " + Json.error().message());
  if (Expected<ProfileDocument> Read = parseProfile(*Json); !Read)
    fuzz::fail("the imported profile is refused: " + Read.error().message());
  return 0;
}
