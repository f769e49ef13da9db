//===- DependencyFile.cpp - Make-style .d files of a compile --------------===//

#include "nvcc/DependencyFile.h"

#include "support/Paths.h"

#include <algorithm>
#include <set>

namespace headroom::nvcc {

std::string escapeForMake(const std::string &Path) {
  std::string Out;
  for (char C : Path) {
    if (C == ' ' || C == '#')
      Out += '\\';
    else if (C == '$')
      Out += '$';
    Out += C;
  }
  return Out;
}

namespace {

/// One rule: `Targets : Dependencies`, paths unescaped.
struct Rule {
  std::vector<std::string> Targets;
  std::vector<std::string> Dependencies;
};

/// Splits \p Text into logical lines (backslash-newline joins lines) and
/// each line into unescaped words; a word ending the target list is marked
/// by a separate ":" word.
std::vector<std::vector<std::string>> splitLines(std::string_view Text) {
  std::vector<std::vector<std::string>> Lines(1);
  std::string Word;
  bool InWord = false;
  auto EndWord = [&] {
    if (InWord)
      Lines.back().push_back(Word);
    Word.clear();
    InWord = false;
  };
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    char Next = I + 1 < Text.size() ? Text[I + 1] : '\0';
    if (C == '\\' && (Next == '\n' || (Next == '\r' && I + 2 < Text.size() &&
                                       Text[I + 2] == '\n'))) {
      EndWord();
      I += Next == '\r' ? 2 : 1;
      continue;
    }
    if (C == '\\' && (Next == ' ' || Next == '#')) {
      Word += Next;
      InWord = true;
      ++I;
      continue;
    }
    if (C == '$' && Next == '$') {
      Word += '$';
      InWord = true;
      ++I;
      continue;
    }
    if (C == '\n') {
      EndWord();
      Lines.emplace_back();
      continue;
    }
    if (C == ' ' || C == '\t' || C == '\r') {
      EndWord();
      continue;
    }
    // The target list ends at a colon followed by white space, the end of
    // the line or a line continuation (a path may contain colons elsewhere,
    // also before an escaped '#' or space: found by fuzz_dependency_file).
    bool Continues =
        Next == '\\' && I + 2 < Text.size() &&
        (Text[I + 2] == '\n' ||
         (Text[I + 2] == '\r' && I + 3 < Text.size() && Text[I + 3] == '\n'));
    if (C == ':' && (Next == ' ' || Next == '\t' || Next == '\n' ||
                     Next == '\r' || Next == '\0' || Continues)) {
      EndWord();
      Lines.back().push_back(":");
      continue;
    }
    Word += C;
    InWord = true;
  }
  EndWord();
  return Lines;
}

} // namespace

std::string rewriteDependencies(std::string_view Text,
                                const std::vector<PathSubstitution> &Subs,
                                const std::string &DroppedDirectory) {
  auto Map = [&](const std::string &Path, bool &Drop) {
    Drop = false;
    for (const PathSubstitution &S : Subs)
      if (Path == S.Temporary)
        return S.Original;
    if (!DroppedDirectory.empty() &&
        absolutePath(Path).starts_with(DroppedDirectory + "/"))
      Drop = true;
    return Path;
  };

  std::vector<Rule> Rules;
  for (const std::vector<std::string> &Words : splitLines(Text)) {
    auto Colon = std::find(Words.begin(), Words.end(), ":");
    if (Colon == Words.end())
      continue;
    Rule R;
    std::set<std::string> Seen;
    bool Drop = false;
    for (auto It = Words.begin(); It != Colon; ++It) {
      std::string Target = Map(*It, Drop);
      if (!Drop)
        R.Targets.push_back(std::move(Target));
    }
    if (R.Targets.empty())
      continue;
    for (auto It = Colon + 1; It != Words.end(); ++It) {
      std::string Dep = Map(*It, Drop);
      if (!Drop && Seen.insert(Dep).second)
        R.Dependencies.push_back(std::move(Dep));
    }
    Rules.push_back(std::move(R));
  }

  std::string Out;
  for (const Rule &R : Rules) {
    for (size_t I = 0; I < R.Targets.size(); ++I)
      Out += (I ? " " : "") + escapeForMake(R.Targets[I]);
    Out += " :";
    for (size_t I = 0; I < R.Dependencies.size(); ++I)
      Out += (I ? " \\\n    " : " ") + escapeForMake(R.Dependencies[I]);
    Out += "\n";
    // -MP rules are separated by blank lines, as gcc writes them.
    if (R.Dependencies.empty())
      Out += "\n";
  }
  return Out;
}

Expected<bool> rewriteDependencyFile(const std::string &Path,
                                     const std::vector<PathSubstitution> &Subs,
                                     const std::string &DroppedDirectory) {
  Expected<std::string> Text = readFile(Path);
  if (!Text)
    return Text.error();
  bool Mentions = !DroppedDirectory.empty() &&
                  Text->find(DroppedDirectory) != std::string::npos;
  for (const PathSubstitution &S : Subs)
    Mentions |= Text->find(escapeForMake(S.Temporary)) != std::string::npos;
  if (!Mentions)
    return false;
  if (Status S =
          writeFile(Path, rewriteDependencies(*Text, Subs, DroppedDirectory));
      !S)
    return S.error();
  return true;
}

} // namespace headroom::nvcc
