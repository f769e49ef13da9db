//===- SourceCheck.cpp - Do a profile's sites still match the sources? ----===//

#include "analysis/SitesMatchSources.h"

#include "support/InputFile.h"

#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <tuple>

namespace headroom {

namespace {

/// A source file's lines, or why they cannot be read; nullopt when the file
/// is gone.
using Lines = std::optional<Expected<std::vector<std::string>>>;

/// A site's file may name anything: a directory, a FIFO, /dev/zero. Only
/// a regular file of at most MaxTextFileBytes is read (never blocking);
/// anything else is a problem of the site.
Lines readLines(const std::string &Path) {
  std::error_code EC;
  if (!std::filesystem::exists(Path, EC) && !EC)
    return std::nullopt;
  Expected<std::string> Text = readInputFile(Path, MaxTextFileBytes);
  if (!Text)
    return Expected<std::vector<std::string>>(Text.error());
  std::vector<std::string> Out;
  std::istringstream In(*Text);
  std::string Line;
  while (std::getline(In, Line))
    Out.push_back(Line);
  return Out;
}

bool isIdentifierChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

/// True if \p Line contains \p Name as a whole identifier.
bool mentions(const std::string &Line, const std::string &Name) {
  if (Name.empty())
    return true;
  for (std::size_t At = Line.find(Name); At != std::string::npos;
       At = Line.find(Name, At + 1)) {
    bool Before = At > 0 && isIdentifierChar(Line[At - 1]);
    std::size_t End = At + Name.size();
    bool After = End < Line.size() && isIdentifierChar(Line[End]);
    if (!Before && !After)
      return true;
  }
  return false;
}

/// The last character of \p Text before \p End that is not a space, or 0.
char lastNonSpace(const std::string &Text, std::size_t End) {
  while (End > 0 && (Text[End - 1] == ' ' || Text[End - 1] == '\t'))
    --End;
  return End > 0 ? Text[End - 1] : 0;
}

} // namespace

bool mayBeDeclarator(const std::string &Previous, const std::string &Line,
                     unsigned Column) {
  if (Column == 0 || Column > Line.size())
    return false;
  std::size_t Start = Column - 1, End = Start;
  while (End < Line.size() && isIdentifierChar(Line[End]))
    ++End;
  if (End == Start)
    return false;
  std::size_t Next = End;
  while (Next < Line.size() && Line[Next] == ' ')
    ++Next;
  if (Next == Line.size() ||
      (Line[Next] != '(' && Line[Next] != '{' && Line[Next] != '='))
    return false;
  char Before = lastNonSpace(Line, Start);
  if (Before == 0)
    Before = lastNonSpace(Previous, Previous.size());
  return isIdentifierChar(Before) || Before == '>' || Before == '*' ||
         Before == '&' || Before == ',' || Before == ':';
}

std::string kernelIdentifier(const std::string &Kernel) {
  std::string Name = Kernel;
  if (auto Angle = Name.find('<'); Angle != std::string::npos)
    Name.resize(Angle);
  if (auto Paren = Name.find('('); Paren != std::string::npos)
    Name.resize(Paren);
  if (auto Colon = Name.rfind("::"); Colon != std::string::npos)
    Name.erase(0, Colon + 2);
  while (!Name.empty() && Name.back() == ' ')
    Name.pop_back();
  return Name;
}

SourceCheckResult checkSites(const ProfileDocument &P,
                             const std::string &Root) {
  namespace fs = std::filesystem;
  SourceCheckResult R;
  R.Root = Root;
  std::map<std::string, Lines> Files;
  auto Resolve = [&](const std::string &File) {
    fs::path Path(File);
    return Path.is_absolute() || Root.empty() ? Path : fs::path(Root) / Path;
  };
  auto FileOf = [&](const std::string &File) -> const Lines & {
    auto It = Files.find(File);
    if (It == Files.end())
      It = Files.emplace(File, readLines(Resolve(File).string())).first;
    return It->second;
  };
  // Scopes a user wrote by hand name anything; the instrumenter's, which
  // record their directory, name the function called.
  std::vector<const ProfileScope *> Calls;
  for (const ProfileScope &S : P.Scopes)
    if (!S.Directory.empty() && !S.Where.File.empty())
      Calls.push_back(&S);
  for (const ProfileSite &S : P.Sites) {
    if (S.hasLaunch())
      FileOf(S.Launch.File);
    if (S.hasDefinition())
      FileOf(S.Definition.File);
  }
  for (const ProfileScope *S : Calls)
    FileOf(S->Where.File);
  for (const auto &[File, Content] : Files)
    R.SourcesFound |= Content && bool(*Content);
  if (!R.SourcesFound)
    return R;

  using Recorded = SiteMismatch::Recorded;
  std::set<std::tuple<std::string, unsigned, unsigned, Recorded>> Seen;
  auto Check = [&](const SourceLocation &Loc, const std::string &Kernel,
                   Recorded Of) {
    // A line of several library calls is checked at each call's column.
    unsigned Column = Of == Recorded::LibraryCall ? Loc.Column : 0;
    if (!Seen.emplace(Loc.File, Loc.Line, Column, Of).second)
      return;
    ++R.Checked;
    const Lines &Content = FileOf(Loc.File);
    SiteMismatch M{Loc, Kernel, Of};
    M.Identifier = kernelIdentifier(Kernel);
    if (!Content) {
      M.What = SiteMismatch::Problem::Gone;
    } else if (!*Content) {
      M.What = SiteMismatch::Problem::Unreadable;
      M.Unreadable = Content->error();
    } else if (Loc.Line == 0 || Loc.Line > (*Content)->size()) {
      M.What = SiteMismatch::Problem::PastTheEnd;
      M.FileLines = (*Content)->size();
    } else if (const std::string &Line = (**Content)[Loc.Line - 1];
               !mentions(Line, M.Identifier) &&
               !(Of == Recorded::LibraryCall &&
                 mayBeDeclarator(Loc.Line > 1 ? (**Content)[Loc.Line - 2] : "",
                                 Line, Loc.Column))) {
      M.What = SiteMismatch::Problem::NameMissing;
    } else {
      return;
    }
    R.Mismatches.push_back(std::move(M));
  };
  for (const ProfileSite &S : P.Sites) {
    if (S.hasDefinition())
      Check(S.Definition, S.Kernel, Recorded::Definition);
    if (S.hasLaunch())
      Check(S.Launch, S.Kernel, Recorded::LaunchSite);
  }
  for (const ProfileScope *S : Calls)
    Check(S->Where, S->Name, Recorded::LibraryCall);
  return R;
}

} // namespace headroom
