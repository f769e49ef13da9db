//===- FuzzNvccCommand.cpp - Fuzzing nvcc command lines and options files -===//
///
/// \file
/// The input as an nvcc command line (one argument per line or NUL) taken
/// apart as the wrapper and the Clang pass do, and as the text of an
/// --options-file.
///
//===----------------------------------------------------------------------===//

#include "FuzzSupport.h"

#include "nvccargs/NvccCommand.h"
#include "nvccargs/OptionsFile.h"

using namespace headroom;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string_view Text = fuzz::text(Data, Size);
  std::vector<std::string> Words = nvccargs::tokenizeOptionsFile(Text);
  for (const std::string &W : Words)
    if (W.empty() && Text.find_first_of("\"'") == std::string_view::npos)
      fuzz::fail("an empty word outside quotes");

  // Options files named on the fuzzed command line are looked up in an
  // empty directory: reading the machine's files is not the point.
  Expected<nvccargs::NvccCommand> Cmd =
      nvccargs::NvccCommand::parse(fuzz::arguments(Text), "/nonexistent");
  if (!Cmd)
    return fuzz::checkMessage(Cmd.error()), 0;
  Cmd->inputs();
  Cmd->phase();
  Cmd->writesDependenciesWithCompile();
  Cmd->linksHostBinary();
  return 0;
}
