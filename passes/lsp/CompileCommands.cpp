//===- CompileCommands.cpp - A source's entry of compile_commands.json ----===//

#include "lsp/CompileCommands.h"

#include "support/Paths.h"
#include "support/Process.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <unistd.h>

namespace headroom::lsp {

using nlohmann::json;

namespace {

/// compile_commands.json in \p Dir or in \p Dir/build, else "".
std::string databaseIn(const std::string &Dir) {
  for (const char *Sub : {"", "build/"}) {
    std::string Candidate =
        absolutePath(std::string(Sub) + "compile_commands.json", Dir);
    if (isRegularFile(Candidate))
      return Candidate;
  }
  return "";
}

bool isExecutable(const std::string &Path) {
  return isRegularFile(Path) && ::access(Path.c_str(), X_OK) == 0;
}

/// The value of `-o`/`--output-file` in \p Args, or "".
std::string outputArgument(const std::vector<std::string> &Args) {
  for (std::size_t I = 0; I < Args.size(); ++I) {
    const std::string &A = Args[I];
    if ((A == "-o" || A == "--output-file") && I + 1 < Args.size())
      return Args[I + 1];
    if (A.rfind("--output-file=", 0) == 0)
      return A.substr(14);
    if (A.size() > 2 && A.rfind("-o", 0) == 0 && A[2] != '-')
      return A.substr(2);
  }
  return "";
}

Expected<std::string> stringField(const json &Entry, const char *Name,
                                  const std::string &Where) {
  if (!Entry.contains(Name) || !Entry[Name].is_string())
    return Error(Where + ": expected a string '" + Name + "'");
  return Entry[Name].get<std::string>();
}

Expected<CompileEntry> entryOf(const json &Entry, const std::string &Database,
                               const std::string &Where) {
  Expected<std::string> Dir = stringField(Entry, "directory", Where);
  if (!Dir)
    return Dir.error();
  CompileEntry E;
  E.Database = Database;
  E.Directory = absolutePath(*Dir, parentPath(Database));
  if (Entry.contains("arguments")) {
    if (!Entry["arguments"].is_array())
      return Error(Where + ": expected 'arguments' to be an array of strings");
    for (const json &A : Entry["arguments"]) {
      if (!A.is_string())
        return Error(Where +
                     ": expected 'arguments' to be an array of strings");
      E.Arguments.push_back(A.get<std::string>());
    }
  } else {
    Expected<std::string> Command = stringField(Entry, "command", Where);
    if (!Command)
      return Error(Where + ": expected 'arguments' or 'command'");
    E.Arguments = splitCommand(*Command);
  }
  std::string Output = Entry.contains("output") && Entry["output"].is_string()
                           ? Entry["output"].get<std::string>()
                           : outputArgument(E.Arguments);
  if (!Output.empty())
    E.Output = absolutePath(Output, E.Directory);
  return E;
}

} // namespace

std::string findCompileDatabase(const std::string &File,
                                const std::string &Root) {
  for (std::string Dir = parentPath(absolutePath(File)); !Dir.empty();) {
    if (std::string Found = databaseIn(Dir); !Found.empty())
      return Found;
    std::string Up = parentPath(Dir);
    if (Up == Dir)
      break;
    Dir = Up;
  }
  return Root.empty() ? "" : databaseIn(Root);
}

Expected<std::optional<CompileEntry>>
compileEntryFor(const std::string &Database, const std::string &File) {
  Expected<std::string> Text = readFile(Database);
  if (!Text)
    return Text.error();
  json Doc = json::parse(*Text, nullptr, /*allow_exceptions=*/false);
  if (Doc.is_discarded() || !Doc.is_array())
    return Error(Database + ": expected a JSON array of compile commands");
  for (std::size_t I = 0; I < Doc.size(); ++I) {
    std::string Where = Database + ": entry " + std::to_string(I);
    if (!Doc[I].is_object())
      return Error(Where + ": expected an object");
    Expected<std::string> Name = stringField(Doc[I], "file", Where);
    Expected<std::string> Dir = stringField(Doc[I], "directory", Where);
    if (!Name)
      return Name.error();
    if (!Dir)
      return Dir.error();
    std::string Base = absolutePath(*Dir, parentPath(Database));
    if (!samePath(absolutePath(*Name, Base), File))
      continue;
    Expected<CompileEntry> E = entryOf(Doc[I], Database, Where);
    if (!E)
      return E.error();
    return std::optional(std::move(*E));
  }
  return std::optional<CompileEntry>();
}

std::vector<std::string> splitCommand(const std::string &Command) {
  std::vector<std::string> Out;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (std::size_t I = 0; I < Command.size(); ++I) {
    char C = Command[I];
    if (Quote == '\'') {
      if (C == '\'')
        Quote = 0;
      else
        Word += C;
    } else if (C == '\\' && I + 1 < Command.size() &&
               (Quote == 0 || Command[I + 1] == '"' ||
                Command[I + 1] == '\\')) {
      Word += Command[++I];
      InWord = true;
    } else if (Quote == '"') {
      if (C == '"')
        Quote = 0;
      else
        Word += C;
    } else if (C == '\'' || C == '"') {
      Quote = C;
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Out.push_back(std::move(Word));
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Out.push_back(std::move(Word));
  return Out;
}

std::string findCuobjdump(const CompileEntry &E) {
  // The compiler is the first word, or a later one behind a launcher
  // (ccache nvcc, headroom nvcc [NVCC]).
  for (std::size_t I = 0; I < E.Arguments.size() && I < 3; ++I) {
    const std::string &A = E.Arguments[I];
    if (fileName(A).rfind("nvcc", 0) != 0 || extension(A) == "cu")
      continue;
    std::string Nvcc = A.find('/') == std::string::npos
                           ? findInPath(A)
                           : absolutePath(A, E.Directory);
    if (Nvcc.empty())
      continue;
    // Beside the path named, else beside the file a link names.
    std::error_code EC;
    std::string Real = std::filesystem::canonical(Nvcc, EC).string();
    for (const std::string &Path : {Nvcc, EC ? Nvcc : Real}) {
      std::string Beside = absolutePath("cuobjdump", parentPath(Path));
      if (isExecutable(Beside))
        return Beside;
    }
  }
  return findInPath("cuobjdump");
}

} // namespace headroom::lsp
