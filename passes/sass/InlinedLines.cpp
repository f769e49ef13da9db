//===- InlinedLines.cpp - nvdisasm -gi line info per SASS offset ----------===//

#include "sass/InlinedLines.h"

#include "sass/SassListing.h"

#include <regex>
#include <sstream>

namespace headroom::sass {

namespace {

// `	.section	.text._Z1kPfPKf,"ax",@progbits`
const std::regex SectionLine(R"(^\s*\.section\s+\.text\.([^,\s]+)\s*,)");
const std::regex TargetLine(R"(^\s*\.target\s+(sm_[0-9a-z]+)\s*$)");
// `	//## File "a.cu", line 31 inlined at "a.cu", line 48`; the part from
// "inlined at" on is absent in the last frame.
const std::regex FrameLine(
    R"re(^\s*//##\s*File\s+"([^"]*)",\s*line\s+([0-9]{1,9})(?:\s+inlined\s+at\s+"[^"]*",\s*line\s+[0-9]{1,9})?\s*$)re");
const std::regex CommentLine(R"(^\s*//##)");
const std::regex OffsetLine(R"(^\s*/\*([0-9a-fA-F]{1,16})\*/)");

} // namespace

bool hasInlinedLines(const std::string &Text) {
  return Text.find("//## File") != std::string::npos;
}

Expected<std::vector<FunctionFrames>>
parseInlinedLines(const std::string &Text, const std::string &Source) {
  std::vector<FunctionFrames> Functions;
  std::string Arch;
  // The frames in force, and those of the comments read since the last
  // instruction (they replace them at the next one).
  std::vector<CodeFrame> Current, Pending;
  std::istringstream In(Text);
  std::string Line;
  unsigned LineNo = 0;
  auto At = [&](const std::string &What) {
    return Error(Source + ":" + std::to_string(LineNo) + ": " + What);
  };
  while (std::getline(In, Line)) {
    ++LineNo;
    if (std::optional<Error> E = overlongLine(Line, LineNo, Source))
      return *E;
    std::smatch M;
    if (std::regex_search(Line, M, TargetLine)) {
      Arch = M[1].str();
    } else if (std::regex_search(Line, M, SectionLine)) {
      Functions.push_back(FunctionFrames{M[1].str(), Arch, {}});
      Current.clear();
      Pending.clear();
    } else if (std::regex_search(Line, M, FrameLine)) {
      Pending.push_back(
          CodeFrame{M[1].str(), static_cast<unsigned>(std::stoul(M[2]))});
    } else if (std::regex_search(Line, CommentLine)) {
      return At("expected '//## File \"NAME\", line N' (optionally followed "
                "by 'inlined at \"NAME\", line N'), as nvdisasm -gi prints");
    } else if (std::regex_search(Line, M, OffsetLine)) {
      if (Functions.empty())
        return At("expected a '.section .text.' line before the first "
                  "instruction");
      if (!Pending.empty()) {
        Current = std::move(Pending);
        Pending.clear();
      }
      if (!Current.empty())
        Functions.back().At[std::stoull(M[1].str(), nullptr, 16)] = Current;
    }
  }
  if (Functions.empty())
    return Error(Source + ": expected the output of 'nvdisasm -gi' (no "
                          "'.section .text.' line)");
  return Functions;
}

} // namespace headroom::sass
