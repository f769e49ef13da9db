//===- SourcePaths.cpp - Source paths as reports print them ---------------===//

#include "analysis/SourcePaths.h"

#include "support/Paths.h"

namespace headroom {

namespace {

bool isAbsolute(const std::string &Path) {
  return !Path.empty() && Path.front() == '/';
}

bool endsWithComponents(const std::string &Path, const std::string &Tail) {
  return !Tail.empty() && Path.size() > Tail.size() &&
         Path.compare(Path.size() - Tail.size(), Tail.size(), Tail) == 0 &&
         Path[Path.size() - Tail.size() - 1] == '/';
}

/// Whether the files \p A and \p B hold the same text.
bool sameContents(const std::string &A, const std::string &B) {
  Expected<std::string> TextA = readFile(A);
  Expected<std::string> TextB = readFile(B);
  return TextA && TextB && *TextA == *TextB;
}

void localize(SourceLocation &L, const std::string &Directory,
              const std::string &Root) {
  L.File = displayedSourcePath(L.File, Directory, Root);
}

} // namespace

std::string resolvedSourcePath(const std::string &File,
                               const std::string &Directory) {
  if (File.empty())
    return File;
  if (isAbsolute(File) || isAbsolute(Directory))
    return absolutePath(File, isAbsolute(File) ? "/" : Directory);
  return normalizedPath(File);
}

std::string locateUnder(const std::string &File, const std::string &Root) {
  if (!isAbsolute(File))
    return "";
  std::string Path = normalizedPath(File);
  // Each run of trailing components, longest first: the whole path below
  // '/', then without its first directory, and so on to the file name.
  for (std::size_t Start = 1; Start < Path.size();) {
    std::string Here = normalizedPath(Root + "/" + Path.substr(Start));
    if (isRegularFile(Here))
      return Here;
    std::size_t Slash = Path.find('/', Start);
    if (Slash == std::string::npos)
      break;
    Start = Slash + 1;
  }
  return "";
}

std::string displayedSourcePath(const std::string &File,
                                const std::string &Directory,
                                const std::string &Root) {
  std::string Base = Root.empty() ? std::string(".") : Root;
  std::string Resolved = resolvedSourcePath(File, Directory);
  if (!isAbsolute(Resolved) || pathUnder(Resolved, Base) != Resolved)
    return pathUnder(Resolved, Base);
  // Outside Root: a file under Root by the same trailing components is the
  // one meant where the recorded one is gone, or holds the same text (a
  // second checkout of the tree the profile was recorded in).
  std::string Here = locateUnder(Resolved, Base);
  if (!Here.empty() &&
      (!isRegularFile(Resolved) || sameContents(Resolved, Here)))
    Resolved = absolutePath(Here);
  return pathUnder(Resolved, Base);
}

void localizeSourcePaths(ProfileDocument &P, const std::string &Root) {
  std::string AbsoluteRoot = absolutePath(Root.empty() ? "." : Root);
  for (ProfileSite &S : P.Sites) {
    localize(S.Launch, S.Directory, AbsoluteRoot);
    if (S.hasDefinition())
      localize(S.Definition, S.Directory, AbsoluteRoot);
    if (!S.Directory.empty())
      S.Directory = AbsoluteRoot;
  }
  for (ProfileScope &S : P.Scopes)
    localize(S.Where, "", AbsoluteRoot);
  // The lines of stall samples, as the sites' files (a PC with no line has
  // no file).
  for (ProfileKernel &K : P.Kernels)
    if (K.Stalls)
      for (StallSamplePc &Pc : K.Stalls->Pcs) {
        if (Pc.Where.File.empty())
          continue;
        localize(Pc.Where, Pc.Directory, AbsoluteRoot);
        if (!Pc.Directory.empty())
          Pc.Directory = AbsoluteRoot;
      }
}

std::string portableTail(const std::string &File) {
  if (File.empty() || isAbsolute(File))
    return "";
  std::string Tail = normalizedPath(File);
  while (Tail.rfind("../", 0) == 0)
    Tail.erase(0, 3);
  return Tail == ".." || Tail == "." ? std::string() : Tail;
}

bool sourceNames(const std::string &File, const std::string &Directory,
                 const std::string &Source, const std::string &Dir) {
  if (File.empty())
    return false;
  std::string Compiled = absolutePath(Source, Dir);
  if (isAbsolute(File) || isAbsolute(Directory)) {
    std::string Recorded = resolvedSourcePath(File, Directory);
    if (samePath(Recorded, Compiled))
      return true;
    // It is still where it was recorded: another file than the one built.
    if (isRegularFile(Recorded))
      return false;
  } else if (samePath(File, Source, Dir)) {
    return true;
  }
  return endsWithComponents(Compiled, portableTail(File));
}

} // namespace headroom
